// The web environment's selector pre-filter may only ever say "cannot match" when nwsapi agrees:
// every selector here is checked against every element, with and without the pre-filter.
import { JSDOM } from 'jsdom';

// A CommonJS module: the jest environment loads it before jsdom.
const { cannotMatch, selectorNeeds, subjectClasses } = require('./selector-prefilter.js') as {
  cannotMatch: (el: unknown, selector: unknown) => boolean;
  selectorNeeds: (selector: string) => { classes: string[]; type: string | null; ancestors: string[] }[] | null;
  subjectClasses: (selector: string) => string[][] | null;
};

const SELECTORS = [
  '.a',
  '.b',
  '.a.b',
  '.a .b',
  '.a>.b',
  '.a > .b',
  '.a + .b',
  '.a ~ .b',
  '.a,.b',
  '.c, .a',
  'div.a',
  'span',
  '*',
  ':not(.a)',
  '.a:not(.b)',
  '.a:is(.b, .c)',
  ':is(.a, .b)',
  '[class~="a"]',
  '.a[data-x="1,2"]',
  '.a::before',
  '.a:hover',
  '.b:nth-child(2n+1)',
  ':nth-child(2n+1).b',
  '.a\\:b',
  '.muirtl-1x-MuiButton-root',
  '.MuiButton-root.Mui-disabled',
  '.css-9 .MuiX-root:not(:last-child)',
  'p .a, div > .b',
  '.a[title="x .y"]',
  // element types, and classes required of an ancestor
  'div',
  'P',
  'em',
  'span, i',
  'p span',
  '.a > p',
  '.a span',
  '.c span',
  '.b > :not(style)',
  '.css-9 > *',
  '.css-9>:not(style)~:not(style)',
  '.a + [class] .b',
  '.a ~ i',
  '.a + i',
  'p ~ b',
  '.nope *',
  '.a > [class] > .a',
  '.a p > span.a',
  'svg|em',
  '[class~="b"] span',
  '.a :first-child',
];

const HTML = `<div class="a" id="d1"><p class="b c" id="p1"><span class="a b muirtl-1x-MuiButton-root" id="s1">x</span>
  <span id="s2" class="a:b">y</span></p><i class="MuiButton-root Mui-disabled" id="i1"></i><b id="b1"></b>
  <div class="css-9"><em class="MuiX-root" id="e1"></em><em class="MuiX-root" id="e2"></em></div></div>`;

describe('selector pre-filter', () => {
  it('never rejects a selector nwsapi matches, and rejects the ones it can tell', () => {
    const { window } = new JSDOM(HTML);
    const impl = require('jsdom/lib/jsdom/living/generated/utils.js').implForWrapper as (w: unknown) => unknown;
    let rejected = 0;
    for (const el of Array.from(window.document.querySelectorAll('*'))) {
      for (const selector of SELECTORS) {
        let matches: boolean;
        try {
          matches = el.matches(selector);
        } catch {
          continue;
        }
        const rejects = cannotMatch(impl(el), selector);
        if (rejects) rejected++;
        expect({ selector, id: el.id, rejects: rejects && matches }).toEqual({ selector, id: el.id, rejects: false });
      }
    }
    expect(rejected).toBeGreaterThan(50);
  });

  it('reads the subject compound of each selector, and gives up where it is unsure', () => {
    expect(subjectClasses('.a .b.c')).toEqual([['b', 'c']]);
    expect(subjectClasses('.x > .a:not(.z), .q~.r')).toEqual([['a'], ['r']]);
    expect(subjectClasses('.a span')).toBeNull();
    expect(subjectClasses(':is(.a)')).toBeNull();
    expect(subjectClasses('.a\\:b')).toBeNull();
    expect(cannotMatch({}, undefined)).toBe(false);
  });

  it('reads the type of the subject and the classes of the compounds it descends from', () => {
    expect(selectorNeeds('.a > p span.b')).toEqual([{ classes: ['b'], type: 'span', ancestors: ['a'] }]);
    // a sibling's class is not an ancestor's
    expect(selectorNeeds('.a + [x] .b ~ I')).toEqual([{ classes: [], type: 'i', ancestors: [] }]);
    expect(selectorNeeds('.a > [x] .b')).toEqual([{ classes: ['b'], type: null, ancestors: ['a'] }]);
    expect(selectorNeeds('.s>:not(style)~:not(style)')).toEqual([{ classes: [], type: null, ancestors: ['s'] }]);
    expect(selectorNeeds('.a[title="x > .y"] em')).toEqual([{ classes: [], type: 'em', ancestors: ['a'] }]);
    // nothing it can read in one selector of the list, or a namespace: unsure
    expect(selectorNeeds('.a, [hidden]')).toBeNull();
    expect(selectorNeeds('*::before')).toBeNull();
    expect(selectorNeeds('svg|rect')).toBeNull();
  });
});
