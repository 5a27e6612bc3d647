// A conservative pre-filter in front of jsdom's selector matching, for the web test environment.
//
// jsdom's getComputedStyle tests every rule of every style sheet against the element with nwsapi.
// emotion puts thousands of class rules into the document (one per styled MUI part), so in the
// slowest web files about 80 % of the time went into that matching: Testing Library's
// accessibility checks, user-event's pointer-events check, Popper and the data grid all ask for
// computed styles. Almost every rule names a class the element does not have, which can be told
// without nwsapi: when every selector of a rule's list requires, in its subject compound, a class
// the element lacks, the rule cannot match. Anything this parser is unsure of (escapes, no class
// in the subject) goes to nwsapi unchanged, so the answer is always the one nwsapi would give.
'use strict';

/**
 * Calls `visit(char, index)` for every character of `text` that stands outside quotes, brackets and
 * parentheses: where a selector's commas, combinators and classes are found.
 */
function forEachTopLevel(text, visit) {
  let depthParen = 0;
  let depthBracket = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depthParen++;
    else if (c === ')') depthParen--;
    else if (c === '[') depthBracket++;
    else if (c === ']') depthBracket--;
    else if (depthParen === 0 && depthBracket === 0) {
      const skip = visit(c, i);
      if (typeof skip === 'number') i = skip;
    }
  }
}

const COMBINATOR = new Set([' ', '>', '+', '~', '\t', '\n']);

/** For each selector of a list, the classes its subject compound requires; null when unsure. */
function subjectClasses(selectorList) {
  if (selectorList.includes('\\')) return null;
  const parts = [];
  let start = 0;
  forEachTopLevel(selectorList, (c, i) => {
    if (c === ',') {
      parts.push(selectorList.slice(start, i));
      start = i + 1;
    }
  });
  parts.push(selectorList.slice(start));

  const result = [];
  for (const raw of parts) {
    const part = raw.trim();
    // The subject compound: what follows the last top-level combinator.
    let subjectStart = 0;
    forEachTopLevel(part, (c, i) => {
      if (COMBINATOR.has(c)) subjectStart = i + 1;
    });
    const subject = part.slice(subjectStart);
    const classes = [];
    let unsure = false;
    forEachTopLevel(subject, (c, i) => {
      if (c !== '.') return undefined;
      let j = i + 1;
      while (j < subject.length && /[\w\-\u00a0-\uffff]/.test(subject[j])) j++;
      if (j === i + 1) unsure = true;
      else classes.push(subject.slice(i + 1, j));
      return j - 1;
    });
    if (unsure || classes.length === 0) return null;
    result.push(classes);
  }
  return result;
}

const parsed = new Map();

/** True only when the selector certainly does not match the element (an element impl). */
function cannotMatch(elImpl, selector) {
  // At-rules (@font-face, @keyframes) reach the matcher with no selector text.
  if (typeof selector !== 'string') return false;
  let required = parsed.get(selector);
  if (required === undefined) {
    required = subjectClasses(selector);
    parsed.set(selector, required);
  }
  if (required === null) return false;
  const classAttr = elImpl.getAttributeNS(null, 'class');
  if (!classAttr) return true;
  const has = classSet(classAttr);
  return required.every((classes) => classes.some((name) => !has.has(name)));
}

// getComputedStyle asks about one element against every rule in turn: split its class list once.
let lastClassAttr = '';
let lastClassSet = new Set();
function classSet(classAttr) {
  if (classAttr !== lastClassAttr) {
    lastClassSet = new Set(classAttr.split(/[\t\n\f\r ]+/));
    lastClassAttr = classAttr;
  }
  return lastClassSet;
}

/** Installs the pre-filter into jsdom's selector helper; must run before jsdom is loaded. */
function install() {
  const selectors = require('jsdom/lib/jsdom/living/helpers/selectors.js');
  if (selectors.matchesDontThrow.prefiltered) return;
  const original = selectors.matchesDontThrow;
  const prefiltered = (elImpl, selector) => (cannotMatch(elImpl, selector) ? false : original(elImpl, selector));
  prefiltered.prefiltered = true;
  selectors.matchesDontThrow = prefiltered;
}

module.exports = { install, subjectClasses, cannotMatch };
