// Allowlist sanitiser for the stored privacy policy (docs/architecture.md §6 "Stored HTML"). It keeps what
// the panel's editor exports (react-draft-wysiwyg via draftjs-to-html: blocks, inline marks, lists,
// links, images, text-align/colour/font styles) and drops everything else: script, style, iframe,
// event handlers, javascript: and other non-allowlisted URLs, and any CSS outside a small allowlist.
import sanitizeHtml from 'sanitize-html';

const TEXT_TAGS = ['p', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'ul', 'ol', 'blockquote', 'pre'] as const;
const INLINE_TAGS = ['strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'sup', 'sub', 'code', 'br', 'a', 'img'] as const;

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = /^(\d{1,4}(\.\d{1,3})?(px|pt|em|rem|%)|auto)$/;

const TEXT_STYLES: Record<string, RegExp[]> = {
  'text-align': [/^(left|right|center|justify|start|end)$/],
  color: COLOR,
  'background-color': COLOR,
  'font-size': [/^\d{1,3}(\.\d{1,2})?(px|pt|em|rem|%)$/],
  'font-family': [/^[\w\s,'"-]{1,100}$/],
  direction: [/^(ltr|rtl)$/],
};
const IMG_STYLES: Record<string, RegExp[]> = {
  width: [LENGTH],
  height: [LENGTH],
  float: [/^(left|right|none)$/],
};

/** Raster images only: an SVG can carry script when opened on its own. */
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp);base64,[A-Za-z0-9+/=\s]+$/i;
const HTTP_URL = /^https?:\/\//i;
const LINK_HREF = /^(https?:\/\/|mailto:|tel:|#)/i;

// Attributes with a closed set of values (checked in transformTags: sanitize-html's own value lists
// leave an empty attribute behind).
const DIR_VALUES = ['ltr', 'rtl', 'auto'];
const TARGET_VALUES = ['_blank', '_self'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, ...INLINE_TAGS],
  allowedAttributes: {
    ...Object.fromEntries(TEXT_TAGS.map((t) => [t, ['style', 'dir']])),
    a: ['href', 'rel', 'target', 'dir'],
    img: ['src', 'alt', 'width', 'height', 'style'],
  },
  allowedStyles: {
    ...Object.fromEntries(TEXT_TAGS.map((t) => [t, TEXT_STYLES])),
    img: IMG_STYLES,
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // These elements' text content is dropped with them, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title'],
  transformTags: {
    '*': (tagName, attribs) => {
      if (attribs.dir === undefined || DIR_VALUES.includes(attribs.dir.trim().toLowerCase())) return { tagName, attribs };
      const { dir: _dir, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target !== undefined && !TARGET_VALUES.includes(out.target)) delete out.target;
      // Only http(s), mailto and tel links, or an in-page anchor; relative paths mean nothing in a stored policy.
      if (out.href !== undefined && !LINK_HREF.test(out.href.trim())) delete out.href;
      // A new tab must not get a handle on the opener.
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else delete out.rel;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out = { ...attribs };
      const src = (out.src ?? '').trim();
      if (!(HTTP_URL.test(src) || DATA_IMAGE.test(src))) delete out.src;
      for (const dim of ['width', 'height'] as const) {
        if (out[dim] !== undefined && !LENGTH.test(out[dim]) && !/^\d{1,4}$/.test(out[dim])) delete out[dim];
      }
      return { tagName, attribs: out };
    },
  },
  // An image without an allowed source is removed altogether.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitises privacy-policy HTML for storage. */
export function sanitizePolicyHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
