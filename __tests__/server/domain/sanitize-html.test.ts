// The privacy-policy sanitiser: keeps what the panel's editor (draftjs-to-html) exports and strips
// script, event handlers, dangerous URLs and CSS outside the allowlist.
import draftToHtml from 'draftjs-to-html';
import { sanitizePolicyHtml as clean } from '../../../server/src/domain/sanitize-html';

const block = (key: string, text: string, type: string, extra: Record<string, unknown> = {}) => ({
  key,
  text,
  type,
  depth: 0,
  inlineStyleRanges: [],
  entityRanges: [],
  data: {},
  ...extra,
});

// A document as react-draft-wysiwyg builds it, exported by the real draftjs-to-html.
const EDITOR_HTML = draftToHtml({
  blocks: [
    block('a', 'سیاست حریم خصوصی', 'header-one', { data: { 'text-align': 'right' } }),
    block('b', 'Section', 'header-three'),
    block('c', 'Bold colour link', 'unstyled', {
      inlineStyleRanges: [
        { offset: 0, length: 4, style: 'BOLD' },
        { offset: 5, length: 6, style: 'color-rgb(226,80,65)' },
        { offset: 5, length: 6, style: 'bgcolor-rgb(97,189,109)' },
        { offset: 0, length: 4, style: 'fontsize-24' },
        { offset: 0, length: 4, style: 'fontfamily-Tahoma' },
        { offset: 0, length: 4, style: 'UNDERLINE' },
        { offset: 5, length: 6, style: 'ITALIC' },
        { offset: 5, length: 6, style: 'STRIKETHROUGH' },
        { offset: 12, length: 4, style: 'SUPERSCRIPT' },
      ],
      entityRanges: [{ offset: 12, length: 4, key: 0 }],
      data: { 'text-align': 'center' },
    }),
    block('d', 'first item', 'unordered-list-item'),
    block('e', 'second item', 'ordered-list-item'),
    block('f', 'quoted', 'blockquote'),
    block('g', 'code()', 'code'),
    block('h', ' ', 'atomic', { entityRanges: [{ offset: 0, length: 1, key: 1 }] }),
  ],
  entityMap: {
    0: { type: 'LINK', mutability: 'MUTABLE', data: { url: 'https://example.com/privacy', targetOption: '_blank' } },
    1: { type: 'IMAGE', mutability: 'MUTABLE', data: { src: 'https://example.com/logo.png', height: 'auto', width: '200px', alt: 'logo', alignment: 'left' } },
  },
});

describe('sanitizePolicyHtml keeps the editor output', () => {
  const out = clean(EDITOR_HTML);

  test('the fixture really is the editor output', () => {
    expect(EDITOR_HTML).toContain('<h1 style="text-align:right;">سیاست حریم خصوصی</h1>');
    expect(EDITOR_HTML).toContain('<img src="https://example.com/logo.png"');
  });

  test('headings, paragraphs, lists, quotes and code survive', () => {
    expect(out).toContain('<h1 style="text-align:right">سیاست حریم خصوصی</h1>');
    expect(out).toContain('<h3>Section</h3>');
    expect(out).toMatch(/<ul>\s*<li>first item<\/li>\s*<\/ul>/);
    expect(out).toMatch(/<ol>\s*<li>second item<\/li>\s*<\/ol>/);
    expect(out).toContain('<blockquote>quoted</blockquote>');
    expect(out).toContain('<pre>code()</pre>');
  });

  test('inline marks and the allowed styles survive', () => {
    expect(out).toContain('<p style="text-align:center">');
    expect(out).toContain('<strong>');
    expect(out).toContain('<ins>');
    expect(out).toContain('<em>');
    expect(out).toContain('<del>');
    expect(out).toContain('<sup>');
    expect(out).toContain('font-size:24px');
    expect(out).toContain('font-family:Tahoma');
    expect(out).toContain('color:rgb(226,80,65)');
    expect(out).toContain('background-color:rgb(97,189,109)');
  });

  test('links keep href and target, and get rel=noopener', () => {
    expect(out).toContain('<a href="https://example.com/privacy" target="_blank" rel="noopener noreferrer"><sup>link</sup></a>');
  });

  test('images keep src, alt and size styles', () => {
    expect(out).toMatch(/<img src="https:\/\/example.com\/logo.png" alt="logo" style="height:auto;width:200px" \/>/);
    expect(out).toContain('<div style="text-align:left">');
  });

  test('sanitising is idempotent', () => {
    expect(clean(out)).toBe(out);
  });
});

describe('sanitizePolicyHtml drops what is dangerous', () => {
  test.each([
    ['<script>', '<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['<style>', '<style>p{color:red}</style><p>x</p>', '<p>x</p>'],
    ['<iframe> with its content', '<p>x</p><iframe src="https://evil.example">fallback</iframe>', '<p>x</p>'],
    ['onerror=', '<img src="https://example.com/a.png" onerror="alert(1)">', '<img src="https://example.com/a.png" />'],
    ['onclick=', '<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['entity-obfuscated javascript: link', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    ['protocol-relative link', '<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['relative link', '<a href="/admin">x</a>', '<a>x</a>'],
    ['a target other than _blank/_self', '<a href="https://a.example" target="evil">x</a>', '<a href="https://a.example">x</a>'],
    ['javascript: image', '<p><img src="javascript:alert(1)">x</p>', '<p>x</p>'],
    ['SVG data image', '<p><img src="data:image/svg+xml;base64,PHN2Zz4=">x</p>', '<p>x</p>'],
    ['relative image', '<p><img src="/x.png">x</p>', '<p>x</p>'],
    ['CSS outside the allowlist', '<p style="position:fixed;top:0;text-align:right">x</p>', '<p style="text-align:right">x</p>'],
    ['CSS url()', '<span style="background-color:url(https://evil.example/x)">x</span>', '<span>x</span>'],
    ['CSS expression in a font', '<span style="font-family:expression(alert(1))">x</span>', '<span>x</span>'],
    ['unknown tags (content kept)', '<form action="/x"><input value="a"><b>kept</b></form>', '<b>kept</b>'],
    ['a bad dir value', '<p dir="sideways">x</p>', '<p>x</p>'],
  ])('%s', (_label, input, expected) => {
    expect(clean(input)).toBe(expected);
  });

  test('allowed URLs and values pass', () => {
    expect(clean('<a href="mailto:privacy@example.com">m</a><a href="tel:+982112345678">t</a>')).toBe(
      '<a href="mailto:privacy@example.com">m</a><a href="tel:+982112345678">t</a>',
    );
    expect(clean('<p dir="rtl" style="direction:rtl">x</p>')).toBe('<p dir="rtl" style="direction:rtl">x</p>');
    expect(clean('<img src="data:image/png;base64,iVBORw0KGgo=" alt="p">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" alt="p" />');
  });
});
