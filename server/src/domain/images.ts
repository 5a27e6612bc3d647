// Recognises uploaded images by their content (magic bytes), never by file name or the
// client's content type (docs/architecture.md §6 "Uploads").
const SIGNATURES: { mime: ImageMime; magic: number[] }[] = [
  { mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

export type ImageMime = 'image/jpeg' | 'image/png';

export function detectImageType(bytes: Uint8Array): ImageMime | undefined {
  return SIGNATURES.find((s) => s.magic.every((b, i) => bytes[i] === b))?.mime;
}
