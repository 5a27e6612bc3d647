// A conservative pre-filter in front of jsdom's selector matching, for the web test environment.
//
// jsdom's getComputedStyle tests every rule of every style sheet against the element with nwsapi.
// emotion puts thousands of class rules into the document (one per styled MUI part), so in the
// slowest web files about 80 % of the time went into that matching: Testing Library's
// accessibility checks, user-event's pointer-events check, Popper and the data grid all ask for
// computed styles. Almost every rule names a class or an element type the element does not have,
// or a class none of its ancestors has, which can be told without nwsapi. Two parts:
// - the pre-filter: a rule cannot match when each selector of its list requires, in its subject
//   compound, a class the element lacks or another element type, or, in a compound the subject
//   descends from, a class no ancestor has;
// - the rule index: the document's rules by a class or type each selector requires, so a lookup
//   visits only the rules that could apply (a hundred or so of thousands), in document order.
// jsdom itself still matches every rule left with nwsapi and applies the cascade. Anything the
// parser is unsure of (escapes, namespaces, a selector that requires nothing it reads) goes to
// nwsapi unchanged, so the answer is always the one nwsapi would give.
'use strict';
const path = require('node:path');

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

const COMBINATOR = new Set([' ', '>', '+', '~', '\t', '\n', '\r', '\f']);
const NAME_CHAR = /[\w\-\u00a0-\uffff]/;

/** The top-level pieces of `text` between `separator`s (commas of a list). */
function splitTopLevel(text, separator) {
  const parts = [];
  let start = 0;
  forEachTopLevel(text, (c, i) => {
    if (c === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  });
  parts.push(text.slice(start));
  return parts;
}

/** A compound's classes and its type selector (lower case; null for none, `*` or a namespace). */
function readCompound(compound) {
  const classes = [];
  let unsure = false;
  forEachTopLevel(compound, (c, i) => {
    if (c !== '.') return undefined;
    let j = i + 1;
    while (j < compound.length && NAME_CHAR.test(compound[j])) j++;
    if (j === i + 1) unsure = true;
    else classes.push(compound.slice(i + 1, j));
    return j - 1;
  });
  let end = 0;
  while (end < compound.length && NAME_CHAR.test(compound[end])) end++;
  const type = end > 0 && compound[end] !== '|' ? compound.slice(0, end).toLowerCase() : null;
  return { classes, type, unsure: unsure || compound.includes('|') };
}

/**
 * What each selector of a list requires: `classes` and `type` of its subject compound, and
 * `ancestors`, the classes of the compounds left of a descendant or child combinator (each on some
 * ancestor of the subject). null when unsure, or when some selector requires none of these.
 */
function selectorNeeds(selectorList) {
  if (typeof selectorList !== 'string' || selectorList.includes('\\')) return null;
  const result = [];
  for (const raw of splitTopLevel(selectorList, ',')) {
    const part = raw.trim();
    // Compounds and the combinator right of each, left to right.
    const compounds = [];
    let start = 0;
    let combinator = '';
    let depth = 0;
    let quote = '';
    for (let i = 0; i < part.length; i++) {
      const c = part[i];
      if (quote) {
        if (c === quote) quote = '';
        continue;
      }
      if (depth === 0 && COMBINATOR.has(c)) {
        if (!combinator || combinator === ' ') combinator = c === '>' || c === '+' || c === '~' ? c : ' ';
        continue;
      }
      if (depth === 0 && combinator) {
        compounds.push({ text: part.slice(start, i).replace(/[\s>+~]+$/, ''), next: combinator });
        start = i;
        combinator = '';
      }
      if (c === '"' || c === "'") quote = c;
      else if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
    }
    const subjectText = part.slice(start).trim();
    if (!subjectText) return null;
    const subject = readCompound(subjectText);
    if (subject.unsure) return null;
    const ancestors = [];
    for (const { text, next } of compounds) {
      const compound = readCompound(text);
      if (compound.unsure) return null;
      if (next === ' ' || next === '>') ancestors.push(...compound.classes);
    }
    if (!subject.classes.length && !subject.type && !ancestors.length) return null;
    result.push({ classes: subject.classes, type: subject.type, ancestors });
  }
  return result;
}

/** For each selector of a list, the classes its subject compound requires; null when unsure. */
function subjectClasses(selectorList) {
  const needs = selectorNeeds(selectorList);
  return needs && needs.every((n) => n.classes.length) ? needs.map((n) => n.classes) : null;
}

const parsed = new Map();
function needsOf(selector) {
  let needs = parsed.get(selector);
  if (needs === undefined) {
    needs = selectorNeeds(selector);
    parsed.set(selector, needs);
  }
  return needs;
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

const EMPTY = new Set();
const classesOf = (elImpl) => {
  const attr = elImpl.getAttributeNS(null, 'class');
  return attr ? classSet(attr) : EMPTY;
};

/** Every class on an ancestor of the element (through shadow roots to their hosts). */
function ancestorClassesUncached(elImpl) {
  const found = new Set();
  let node = elImpl.parentNode;
  while (node) {
    if (node.nodeType === 1) {
      const attr = node.getAttributeNS(null, 'class');
      if (attr) for (const name of attr.split(/[\t\n\f\r ]+/)) found.add(name);
      node = node.parentNode;
    } else node = node.nodeType === 11 ? node.host : null;
  }
  return found;
}

// Within one style lookup the tree does not change: the element's ancestors are read once.
let lookupElement = null;
let lookupAncestors = null;
function ancestorClasses(elImpl) {
  if (elImpl !== lookupElement) return ancestorClassesUncached(elImpl);
  if (!lookupAncestors) lookupAncestors = ancestorClassesUncached(elImpl);
  return lookupAncestors;
}

/** True only when the selector certainly does not match the element (an element impl). */
function cannotMatch(elImpl, selector) {
  // At-rules (@font-face, @keyframes) reach the matcher with no selector text.
  if (typeof selector !== 'string') return false;
  const needs = needsOf(selector);
  if (needs === null) return false;
  const has = classesOf(elImpl);
  const type = elImpl.localName.toLowerCase();
  let ancestors = null;
  return needs.every((n) => {
    if (n.type && n.type !== type) return true;
    if (n.classes.some((name) => !has.has(name))) return true;
    if (!n.ancestors.length) return false;
    ancestors ??= ancestorClasses(elImpl);
    return n.ancestors.some((name) => !ancestors.has(name));
  });
}

// The rule index. Kept up to date by the places jsdom and its CSSOM change rules: a style sheet
// added or removed (emotion adds one per rule), a rule inserted or deleted, a selector changed.
let cssomVersion = 0;
const ALWAYS = ' always';

/** The rules of `sheet` as index entries: each rule, or each rule inside an @media rule. */
function sheetEntries(sheet, sheetSeq) {
  const entries = [];
  Array.prototype.forEach.call(sheet.cssRules, (rule, i) => {
    if (rule.media) {
      // jsdom walks one level of @media: a rule nested deeper never applies.
      Array.prototype.forEach.call(rule.cssRules ?? [], (inner, j) => {
        if (!inner.media) entries.push({ rule: inner, media: rule, order: [sheetSeq, i, j] });
      });
    } else entries.push({ rule, media: null, order: [sheetSeq, i, 0] });
  });
  return entries;
}

/** The buckets an entry goes into: per selector a subject class, its type or an ancestor class. */
function entryKeys(entry) {
  const needs = needsOf(entry.rule.selectorText);
  if (needs === null) return [ALWAYS];
  return [...new Set(needs.map((n) => (n.classes.length ? `.${n.classes[0]}` : n.type ? n.type : `^${n.ancestors[0]}`)))];
}

class RuleIndex {
  constructor(list) {
    this.version = cssomVersion;
    this.buckets = new Map();
    this.sheets = new Map();
    this.nextSeq = 0;
    this.dead = 0;
    this.live = 0;
    for (const sheet of list._list) this.add(sheet);
  }

  add(sheet) {
    const entries = sheetEntries(sheet, this.nextSeq++);
    this.sheets.set(sheet, entries);
    for (const entry of entries) {
      for (const key of entryKeys(entry)) {
        let bucket = this.buckets.get(key);
        if (!bucket) this.buckets.set(key, (bucket = []));
        bucket.push(entry);
      }
      entry.rule.__prefilterIndexed = true;
    }
    this.live += entries.length;
  }

  remove(sheet) {
    const entries = this.sheets.get(sheet);
    if (!entries) return;
    this.sheets.delete(sheet);
    for (const entry of entries) entry.dead = true;
    this.live -= entries.length;
    this.dead += entries.length;
  }

  /** True while the index still describes the document's rules (and is not mostly removed ones). */
  current() {
    return this.version === cssomVersion && this.dead <= this.live + 1000;
  }

  /** The rules that could match the element, in the order jsdom visits them. */
  candidates(elImpl) {
    const found = [];
    const take = (key) => {
      const bucket = this.buckets.get(key);
      if (bucket) for (const entry of bucket) if (!entry.dead) found.push(entry);
    };
    take(ALWAYS);
    for (const name of classesOf(elImpl)) take(`.${name}`);
    take(elImpl.localName.toLowerCase());
    for (const name of ancestorClasses(elImpl)) take(`^${name}`);
    found.sort(byOrder);
    const rules = [];
    let last = null;
    for (const entry of found) {
      if (entry === last) continue;
      last = entry;
      if (entry.media && Array.prototype.indexOf.call(entry.media.media, 'screen') === -1) continue;
      rules.push(entry.rule);
    }
    return rules;
  }
}

function byOrder(a, b) {
  return a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.order[2] - b.order[2];
}

function ruleIndex(list) {
  if (!list.__prefilterIndex || !list.__prefilterIndex.current()) list.__prefilterIndex = new RuleIndex(list);
  return list.__prefilterIndex;
}

/** Makes jsdom's CSSOM report the changes the index must follow. */
function watchCssom(jsdomDir) {
  const cssom = require(require.resolve('rrweb-cssom', { paths: [jsdomDir] }));
  const bump = (proto, name) => {
    const original = proto[name];
    proto[name] = function (...args) {
      cssomVersion++;
      return original.apply(this, args);
    };
  };
  for (const proto of [cssom.CSSStyleSheet.prototype, cssom.CSSGroupingRule.prototype]) {
    bump(proto, 'insertRule');
    bump(proto, 'deleteRule');
  }
  // A selector changed after the rule was indexed (set directly or through cssText).
  Object.defineProperty(cssom.CSSStyleRule.prototype, 'selectorText', {
    configurable: true,
    get() {
      return this.__selectorText;
    },
    set(value) {
      if (this.__prefilterIndexed && value !== this.__selectorText) cssomVersion++;
      this.__selectorText = value;
    },
  });
  const lists = require('jsdom/lib/jsdom/living/cssom/StyleSheetList-impl.js').implementation.prototype;
  const add = lists._add;
  const remove = lists._remove;
  lists._add = function (sheet) {
    const known = this._list.includes(sheet);
    add.call(this, sheet);
    if (!known && this.__prefilterIndex) this.__prefilterIndex.add(sheet);
  };
  lists._remove = function (sheet) {
    remove.call(this, sheet);
    if (this.__prefilterIndex) this.__prefilterIndex.remove(sheet);
  };
}

let verified = 0;
// While set, every rule goes to nwsapi: the reference answer PREFILTER_VERIFY compares with.
let bypass = false;

/** Installs the pre-filter and the rule index into jsdom; must run before jsdom is loaded. */
function install() {
  const selectors = require('jsdom/lib/jsdom/living/helpers/selectors.js');
  if (selectors.matchesDontThrow.prefiltered) return;
  const original = selectors.matchesDontThrow;
  const prefiltered = (elImpl, selector) => (!bypass && cannotMatch(elImpl, selector) ? false : original(elImpl, selector));
  prefiltered.prefiltered = true;
  selectors.matchesDontThrow = prefiltered;

  watchCssom(path.dirname(require.resolve('jsdom/package.json')));
  // jsdom's getDeclarationForElement walks document.styleSheets' list: for the walk, the list is
  // one sheet holding the candidate rules (jsdom's default style sheet is walked as before).
  // PREFILTER_VERIFY=1 computes every declaration both ways and throws where they differ.
  const styleRules = require('jsdom/lib/jsdom/living/helpers/style-rules.js');
  const getDeclaration = styleRules.getDeclarationForElement;
  styleRules.getDeclarationForElement = (elImpl) => {
    const cache = elImpl._ownerDocument._styleCache;
    if (cache && cache.has(elImpl)) return getDeclaration(elImpl);
    const list = elImpl._ownerDocument.styleSheets;
    const all = list._list;
    let declaration;
    lookupElement = elImpl;
    lookupAncestors = null;
    try {
      list._list = [{ cssRules: ruleIndex(list).candidates(elImpl) }];
      declaration = getDeclaration(elImpl);
    } finally {
      list._list = all;
      lookupElement = null;
      lookupAncestors = null;
    }
    if (process.env.PREFILTER_VERIFY) {
      elImpl._ownerDocument._styleCache.delete(elImpl);
      bypass = true;
      let full;
      try {
        full = getDeclaration(elImpl);
      } finally {
        bypass = false;
      }
      elImpl._ownerDocument._styleCache.set(elImpl, declaration);
      if (full.cssText !== declaration.cssText) {
        throw new Error(`rule index: <${elImpl.localName} class="${elImpl.getAttributeNS(null, 'class')}"> ${declaration.cssText} instead of ${full.cssText}`);
      }
      if (verified++ === 0) process.on('exit', () => console.error(`rule index: ${verified} declarations verified`));
    }
    return declaration;
  };
}

module.exports = { install, selectorNeeds, subjectClasses, cannotMatch };
