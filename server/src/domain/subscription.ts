// What a subscription fetch answers (GET /api/v1/sub/{token}), as v2rayN, v2rayNG, Hiddify, Marzban and
// Remnawave do it: the format (asked with ?format, fixed on the subscription, or read from the
// client's User-Agent), the body in that format, and the headers clients read (title, update
// interval, support and web page links). Pure: the route finds the profiles and opens them.
import { createHash } from 'node:crypto';
import { SUB_UPDATE_INTERVAL_HOURS, type SubFetchFormat, type SubFormat } from '../../../src/contract';
import { tryParseShareLink } from './share-links';
import { clientConfig, coreProblems } from './v2ray-config';
import { qrSvgOf } from './qr';

export interface SubProfile {
  name: string;
  link: string;
}

/** The token's stored form: SHA-256, hex. */
export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Clients that read a base64 subscription (v2rayN, v2rayNG, Hiddify / HiddifyNext). */
const BASE64_CLIENTS = /^(v2rayN|v2rayNG|Hiddify|HiddifyNext)\b/i;
/** Clients that read a JSON array of Xray configs. */
const XRAY_CLIENTS = /^Xray\b/i;

/**
 * `?format` first, then the subscription's own format, then the caller: v2rayN, v2rayNG and Hiddify
 * get base64, Xray the JSON array, a browser asking for text/html the page; anything else base64,
 * the form every client reads.
 */
export function chooseFormat(asked: SubFetchFormat | undefined, fixed: string | null, userAgent = '', accept = ''): SubFetchFormat {
  if (asked) return asked;
  if (fixed === 'links' || fixed === 'base64' || fixed === 'xray') return fixed;
  const ua = userAgent.trim();
  if (BASE64_CLIENTS.test(ua)) return 'base64';
  if (XRAY_CLIENTS.test(ua)) return 'xray';
  if (/\btext\/html\b/i.test(accept)) return 'html';
  return 'base64';
}

/** The body and its content type for a machine format. */
export function subscriptionBody(format: SubFormat, profiles: SubProfile[]): { type: string; body: string } {
  if (format === 'xray') {
    // Only what current Xray-core carries as written: a profile it cannot is left out, never exported with a setting dropped.
    const configs = profiles.flatMap((p) => {
      const parsed = tryParseShareLink(p.link);
      if (!parsed.ok || Object.keys(coreProblems(parsed.value, 'xray')).length) return [];
      return [clientConfig(parsed.value, 'xray', p.name)];
    });
    return { type: 'application/json; charset=utf-8', body: JSON.stringify(configs, null, 2) };
  }
  const text = profiles.length ? `${profiles.map((p) => p.link).join('\n')}\n` : '';
  return { type: 'text/plain; charset=utf-8', body: format === 'base64' ? Buffer.from(text, 'utf8').toString('base64') : text };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:48rem;padding:0 1rem}' +
  'li{list-style:none;border-top:1px solid #ccc;padding:1rem 0}' +
  'code{display:block;direction:ltr;text-align:left;word-break:break-all;user-select:all;background:#f4f4f4;padding:.5rem}' +
  'img{width:16rem;max-width:100%;height:auto}';

/**
 * The page's Content-Security-Policy: nothing may load or run but its one stylesheet (by hash) and
 * the QR images inside it (data: URLs).
 */
export const PAGE_CSP =
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'; img-src data:; ` +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The page a browser gets: each profile's name, its link as text, and its QR code. Everything is escaped; no script. */
export async function subscriptionPage(label: string, profiles: SubProfile[], lang: 'fa' | 'en' = 'fa'): Promise<string> {
  const items = await Promise.all(
    profiles.map(async (p) => {
      const svg = await qrSvgOf(p.link);
      const img = svg ? `<img alt="QR" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">` : '';
      return `<li><h2 dir="auto">${escapeHtml(p.name)}</h2><code>${escapeHtml(p.link)}</code>${img}</li>`;
    }),
  );
  return (
    `<!doctype html><html lang="${lang}" dir="${lang === 'fa' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">' +
    `<title>${escapeHtml(label)}</title><style>${PAGE_STYLE}</style></head>` +
    `<body><h1 dir="auto">${escapeHtml(label)}</h1><ul>${items.join('')}</ul></body></html>`
  );
}

/** RFC 5987's percent-encoding (encodeURIComponent leaves ' ( ) * ! as they are). */
const rfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A link a header may carry: http(s), printable ASCII only (no header splitting). */
const headerUrl = (v: string | null | undefined): string | undefined => (v && /^https?:\/\/[!-~]+$/.test(v.trim()) ? v.trim() : undefined);

/**
 * The headers clients read: the file name (quoted, ASCII, with the UTF-8 name beside it), the title
 * as base64 so a Persian label survives, the refresh interval in hours, and the app's links.
 */
export function subscriptionHeaders(
  label: string,
  links?: { telegram: string | null; aboutLink: string | null; googlePlayLink: string | null },
): Record<string, string> {
  const ascii = label.replace(/[^A-Za-z0-9 ._()-]+/g, '_').replace(/^[_ ]+|[_ ]+$/g, '') || 'subscription';
  const headers: Record<string, string> = {
    'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(label)}`,
    'profile-title': `base64:${Buffer.from(label, 'utf8').toString('base64')}`,
    'profile-update-interval': String(SUB_UPDATE_INTERVAL_HOURS),
  };
  const support = headerUrl(links?.telegram);
  const page = headerUrl(links?.aboutLink) ?? headerUrl(links?.googlePlayLink);
  if (support) headers['support-url'] = support;
  if (page) headers['profile-web-page-url'] = page;
  return headers;
}
