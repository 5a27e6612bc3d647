// POST users/avatar and the file route that serves it: content-checked type, the 2 MB limit, the
// size in pixels read from the header (at most 4096 × 4096), a broken PNG refused, and the URL on
// the user record serving the same bytes back.
import { deflateSync } from 'node:zlib';
import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE_PX } from '../../../src/contract';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';

/** CRC-32 of a PNG chunk (bit by bit: slow, but independent of the server's table). */
function crc(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');

/** A PNG of that size (RGBA, 8 bits). Its IDAT holds one pixel (a real 1 × 1 PNG); the server reads headers, not pixels. */
function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(5))), chunk('IEND', Buffer.alloc(0))]);
}

/** A real 2 × 2 baseline JPEG (jpeg-js, quality 50). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAIAAgMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/APQKAP8A/9k=',
  'base64',
);

/** The same JPEG claiming another size in its SOF0 segment (what a decompression bomb does). */
function jpeg(width: number, height: number): Buffer {
  const out = Buffer.from(JPEG);
  const sof = out.indexOf(Buffer.from([0xff, 0xc0, 0x00, 0x11]));
  out.writeUInt16BE(height, sof + 5);
  out.writeUInt16BE(width, sof + 7);
  return out;
}

const PNG = png(1, 1);

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(() => t?.close());

const upload = (parts: Parameters<typeof multipart>[0], auth = token) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/v1/users/avatar', payload, headers: { ...headers, ...t.auth(auth) } });
};

it('stores a PNG and serves it back at the URL the user record gives', async () => {
  const res = await upload({ avatar: { filename: 'me.png', content: PNG, contentType: 'image/png' } });
  expect(res.statusCode).toBe(200);
  const { avatar } = res.json().data;
  expect(res.json()).toEqual({ success: true, data: { avatar: expect.stringMatching(/^\/api\/v1\/files\/avatars\/[0-9a-f-]{36}$/) } });

  const current = await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: t.auth(token) });
  expect(current.json().data.avatar).toBe(avatar);

  const served = await t.app.inject({ method: 'GET', url: avatar });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
  expect(served.headers['cache-control']).toContain('immutable');
  expect(served.rawPayload.equals(PNG)).toBe(true);
});

it('judges by content: a JPEG named .png is stored as JPEG, a renamed text file is refused', async () => {
  const jpeg = await upload({ avatar: { filename: 'photo.png', content: JPEG, contentType: 'image/png' } });
  expect(jpeg.statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: jpeg.json().data.avatar })).headers['content-type']).toBe('image/jpeg');

  const text = await upload({ avatar: { filename: 'notes.jpg', content: 'just some text, not an image', contentType: 'image/jpeg' } });
  expect(text.statusCode).toBe(400);
  expect(text.json()).toEqual({ message: expect.any(String), code: 'VALIDATION_FAILED', errors: { avatar: 'validation.fileType' } });
});

it('refuses a file over 2 MB with 413', async () => {
  const big = Buffer.concat([JPEG, Buffer.alloc(AVATAR_MAX_BYTES)]);
  const res = await upload({ avatar: { filename: 'big.jpg', content: big, contentType: 'image/jpeg' } });
  expect(res.statusCode).toBe(413);
  expect(res.json()).toEqual({ message: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
});

it('replacing an avatar removes the old file', async () => {
  const first = (await upload({ avatar: { filename: 'a.png', content: PNG } })).json().data.avatar;
  const second = (await upload({ avatar: { filename: 'b.png', content: PNG } })).json().data.avatar;
  expect(second).not.toBe(first);
  expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
});

it('answers 400 with no file, a wrong field name, or a non-multipart body; 401 when signed out', async () => {
  const noFile = await upload({ other: 'value' });
  expect(noFile.statusCode).toBe(400);
  expect(noFile.json().errors).toEqual({ avatar: 'validation.selectFileFirst' });
  expect((await upload({ picture: { filename: 'a.png', content: PNG } })).statusCode).toBe(400);
  const json = await t.app.inject({ method: 'POST', url: '/api/v1/users/avatar', headers: t.auth(token), payload: { avatar: 'x' } });
  expect(json.statusCode).toBe(400);
  expect(json.json().code).toBe('BAD_REQUEST');
  const { payload, headers } = multipart({ avatar: { filename: 'a.png', content: PNG } });
  expect((await t.app.inject({ method: 'POST', url: '/api/v1/users/avatar', payload, headers })).statusCode).toBe(401);
});

it('answers 404 for an unknown file and 400 for a malformed id', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/files/avatars/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  const bad = await t.app.inject({ method: 'GET', url: '/api/v1/files/avatars/not-a-uuid' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors).toEqual({ id: 'validation.checkInput' });
});

describe('the size in pixels, from the header, before anything decodes the image', () => {
  const refused = async (content: Buffer, messageId: string) => {
    const res = await upload({ avatar: { filename: 'big.img', content } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'VALIDATION_FAILED', errors: { avatar: messageId } });
  };

  it('refuses a 65,500 × 65,500 JPEG of a few hundred bytes, and sides over 4096 in JPEG or PNG', async () => {
    await refused(jpeg(65_500, 65_500), 'validation.imageDimensions');
    await refused(jpeg(AVATAR_MAX_SIDE_PX + 1, 1), 'validation.imageDimensions');
    await refused(png(1, AVATAR_MAX_SIDE_PX + 1), 'validation.imageDimensions');
    await refused(png(0x7fffffff, 0x7fffffff), 'validation.imageDimensions');
  });

  it('takes 4096 × 4096 exactly', async () => {
    expect((await upload({ avatar: { filename: 'a.jpg', content: jpeg(AVATAR_MAX_SIDE_PX, AVATAR_MAX_SIDE_PX) } })).statusCode).toBe(200);
  });

  it('refuses a PNG whose signature is right but whose header or chunks are broken', async () => {
    const good = png(2, 2);
    const flip = (at: number) => Buffer.from(good.map((b, i) => (i === at ? b ^ 0xff : b)));
    await refused(Buffer.concat([PNG_SIGNATURE, Buffer.from('rest-of-a-png')]), 'validation.imageCorrupt');
    await refused(flip(20), 'validation.imageCorrupt'); // a byte of IHDR's width: its CRC no longer matches
    await refused(flip(good.length - 20), 'validation.imageCorrupt'); // a byte of IDAT
    await refused(good.subarray(0, good.length - 12), 'validation.imageCorrupt'); // no IEND: truncated
    const badDepth = Buffer.from(good);
    badDepth[24] = 3; // bit depth 3 does not exist
    badDepth.writeUInt32BE(crc(badDepth.subarray(12, 29)), 29);
    await refused(badDepth, 'validation.imageCorrupt');
    // A JPEG whose scan starts before any frame header says no size at all.
    await refused(Buffer.from('ffd8ffda000c03010002110311003f00ffd9', 'hex'), 'validation.imageCorrupt');
  });
});
