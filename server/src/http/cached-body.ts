// An answer built once and served many times (the client config, the public privacy page): its
// bytes, a strong ETag over them, the If-None-Match test, and compressed forms made once per body
// and kept with it (docs/architecture.md §8).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export interface CachedBody {
  /** Strong ETag, quoted. */
  etag: string;
  body: Buffer;
  /** The body compressed, made on first demand and kept with it (never per call). */
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The variant's body in the best encoding the caller accepts (br, then gzip), compressed once per
 * variant: the API compresses answers over 1 KB on every call otherwise, which for a config of
 * thousands of profiles would cost more than everything else the call does.
 */
export function encodedBody(v: CachedBody, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const accepts = (name: string) =>
    (acceptEncoding ?? '').split(',').some((part) => {
      const [coding, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return coding === name && (q === undefined || Number(q.slice(2)) > 0);
    });
  if (v.body.length < 1024) return { body: v.body };
  if (accepts('br')) {
    v.br ??= brotliCompressSync(v.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: v.body.length } });
    return { body: v.br, encoding: 'br' };
  }
  if (accepts('gzip')) {
    v.gzip ??= gzipSync(v.body);
    return { body: v.gzip, encoding: 'gzip' };
  }
  return { body: v.body };
}

export const strongEtag = (body: Buffer | string): string => `"${createHash('sha256').update(body).digest('base64url')}"`;

/** RFC 9110 If-None-Match: true when the header lists `etag` (weak comparison) or is `*`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
