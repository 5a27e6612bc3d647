// Recognises uploaded images by their content (magic bytes), never by file name or the
// client's content type (docs/architecture.md §6 "Uploads"), and reads their size from the header
// bytes (JPEG SOF, PNG IHDR) without decoding a pixel: a 2 MB file may claim 65,500 × 65,500
// pixels, which whatever decodes it later (a browser, an app) would have to allocate.
const SIGNATURES: { mime: ImageMime; magic: number[] }[] = [
  { mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

export type ImageMime = 'image/jpeg' | 'image/png';

export function detectImageType(bytes: Uint8Array): ImageMime | undefined {
  return SIGNATURES.find((s) => s.magic.every((b, i) => bytes[i] === b))?.mime;
}

/**
 * What an upload is: a JPEG or PNG with its size in pixels, `unknown` (not a JPEG or PNG) or
 * `corrupt` (the signature is right, the header or, for PNG, the chunk structure is not).
 */
export type ImageInspection = { kind: 'image'; mime: ImageMime; width: number; height: number } | { kind: 'unknown' } | { kind: 'corrupt' };

export function inspectImage(bytes: Uint8Array): ImageInspection {
  const mime = detectImageType(bytes);
  if (!mime) return { kind: 'unknown' };
  const size = mime === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  return size ? { kind: 'image', mime, ...size } : { kind: 'corrupt' };
}

type Size = { width: number; height: number };

const u16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

/** PNG's limit on a length or a side (2^31 − 1). */
const PNG_MAX = 0x7fffffff;
/** Bit depths allowed for each colour type (PNG spec, 11.2.2 IHDR). */
const PNG_BIT_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/**
 * A PNG's size from IHDR, after checking the chunk structure from the signature to IEND: every chunk
 * within the file with a well-formed type and a matching CRC, IHDR first and valid, at least one
 * IDAT. Undefined when any of that is wrong. Nothing is decompressed.
 */
function pngSize(b: Uint8Array): Size | undefined {
  let at = 8;
  let size: Size | undefined;
  let sawData = false;
  while (at + 12 <= b.length) {
    const length = u32(b, at);
    const type = String.fromCharCode(b[at + 4], b[at + 5], b[at + 6], b[at + 7]);
    const end = at + 12 + length;
    if (length > PNG_MAX || end > b.length || !/^[A-Za-z]{4}$/.test(type)) return undefined;
    if (crc32(b.subarray(at + 4, at + 8 + length)) !== u32(b, at + 8 + length)) return undefined;
    const data = b.subarray(at + 8, at + 8 + length);
    if (!size) {
      if (type !== 'IHDR' || length !== 13) return undefined;
      const width = u32(data, 0);
      const height = u32(data, 4);
      const [depth, colour, compression, filter, interlace] = data.subarray(8);
      const depthOk = PNG_BIT_DEPTHS[colour]?.includes(depth) ?? false;
      if (!width || !height || width > PNG_MAX || height > PNG_MAX || !depthOk || compression !== 0 || filter !== 0 || interlace > 1) return undefined;
      size = { width, height };
    } else if (type === 'IHDR') {
      return undefined;
    } else if (type === 'IDAT') {
      sawData = true;
    } else if (type === 'IEND') {
      return sawData && length === 0 ? size : undefined;
    }
    at = end;
  }
  return undefined; // no IEND: truncated
}

/**
 * A JPEG's size from its first SOF segment (baseline, progressive, lossless, arithmetic: C0–CF but
 * C4 DHT, C8 JPG, CC DAC), walking the marker segments after SOI. Undefined when a segment runs past
 * the end, a marker is malformed, the scan starts before any SOF, or a side is 0.
 */
function jpegSize(b: Uint8Array): Size | undefined {
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) return undefined;
    while (b[at] === 0xff) at++; // fill bytes
    if (at >= b.length) return undefined;
    const marker = b[at];
    // Markers without a length: TEM and RST0–7. SOI again, EOI or a stuffed 0x00 here is broken.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at++;
      continue;
    }
    if (marker === 0x00 || marker === 0xd8 || marker === 0xd9 || marker === 0xda) return undefined;
    if (at + 2 >= b.length) return undefined;
    const length = u16(b, at + 1);
    if (length < 2 || at + 1 + length > b.length) return undefined;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 8) return undefined;
      const height = u16(b, at + 4);
      const width = u16(b, at + 6);
      return width && height ? { width, height } : undefined;
    }
    at += 1 + length;
  }
  return undefined;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 as PNG chunks carry it (ISO 3309, the zlib polynomial). */
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
