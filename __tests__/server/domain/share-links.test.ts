// Share-link parsing: a table of real-world vmess/vless links with their parsed fields, and a
// table of broken links with the reason each is refused.
import { SHARE_LINK_MESSAGES as M } from '../../../src/contract';
import { ShareLinkError, detectProtocol, parseShareLink, tryParseShareLink, type ParsedLink } from '../../../server/src/domain/share-links';
import { ACCEPTED_LINKS, REFUSED_LINKS } from '../fixtures/share-link-corpus';

const b64 = (o: unknown) => Buffer.from(typeof o === 'string' ? o : JSON.stringify(o)).toString('base64');

// vmess links as v2rayN exports them (base64 of the JSON), written out literally.
const VMESS_WS_TLS =
  'vmess://eyJ2IjoiMiIsInBzIjoiREUtd3MtdGxzIiwiYWRkIjoiZGUxLmV4YW1wbGUuY29tIiwicG9ydCI6IjQ0MyIsImlkIjoiNWYwYTRjNTUtM2IxZS00ZTBmLTlhNjUtM2Q3YzJmMWU4YjIxIiwiYWlkIjoiMCIsInNjeSI6ImF1dG8iLCJuZXQiOiJ3cyIsInR5cGUiOiJub25lIiwiaG9zdCI6ImNkbi5leGFtcGxlLmNvbSIsInBhdGgiOiIvdm1lc3Mtd3MiLCJ0bHMiOiJ0bHMiLCJzbmkiOiJjZG4uZXhhbXBsZS5jb20iLCJhbHBuIjoiaDIsaHR0cC8xLjEiLCJmcCI6ImNocm9tZSJ9';
const VMESS_TCP_HTTP =
  'vmess://eyJ2IjoiMiIsInBzIjoiTkwgdGNwIGh0dHAiLCJhZGQiOiIxOTguNTEuMTAwLjciLCJwb3J0Ijo4MCwiaWQiOiIwYjJlNWY3YS04YzlkLTRlMWYtYTJiMy1jNGQ1ZTZmN2E4YjkiLCJhaWQiOjAsIm5ldCI6InRjcCIsInR5cGUiOiJodHRwIiwiaG9zdCI6Ind3dy5iaW5nLmNvbSIsInBhdGgiOiIvIiwidGxzIjoiIn0=';
// The same encoding with its "==" padding dropped, as several clients export it; numeric port.
const VMESS_NO_PADDING =
  'vmess://eyJ2IjoiMiIsInBzIjoiRlItZ3JwYy0xIiwiYWRkIjoiZnIuZXhhbXBsZS5uZXQiLCJwb3J0IjoyMDUzLCJpZCI6ImExYjJjM2Q0LWU1ZjYtNGE3Yi04YzlkLTBlMWYyYTNiNGM1ZCIsImFpZCI6IjAiLCJuZXQiOiJncnBjIiwicGF0aCI6ImdycGMtc3ZjIiwidGxzIjoidGxzIiwic25pIjoiZnIuZXhhbXBsZS5uZXQifQ';
// URL-safe alphabet (- and _), no padding, Persian remark with emoji, string port.
const VMESS_PERSIAN_URLSAFE =
  'vmess://eyJ2IjoiMiIsInBzIjoi2KfbjNix2KfZhiDwn4eu8J-HtyDYs9ix2YjYsSDbsSDwn5qAIiwiYWRkIjoiaXIuZXhhbXBsZS5vcmciLCJwb3J0IjoiODA4MCIsImlkIjoiYzNkNGU1ZjYtYTdiOC00YzlkLThlMGYtMWEyYjNjNGQ1ZTZmIiwiYWlkIjoiMCIsIm5ldCI6IndzIiwicGF0aCI6Ii8iLCJ0bHMiOiJub25lIn0';

const UUID = '3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c';
const VLESS_WS_TLS = `vless://${UUID}@cdn.example.com:443?encryption=none&security=tls&sni=cdn.example.com&fp=chrome&alpn=h2%2Chttp%2F1.1&type=ws&host=cdn.example.com&path=%2Fws%3Fed%3D2048#WS-TLS%20CDN`;
const VLESS_GRPC = `vless://${UUID}@grpc.example.com:2083?encryption=none&security=tls&sni=grpc.example.com&type=grpc&serviceName=vless-grpc&mode=gun#gRPC`;
const VLESS_REALITY = `vless://${UUID}@203.0.113.25:443?encryption=none&flow=xtls-rprx-vision&security=reality&sni=www.microsoft.com&fp=chrome&pbk=SbVKOEMjK0sIlbwg4akyBg5mL5KZwwB-ed4eEE7YnRc&sid=6ba85179e30d4fc2&spx=%2F&type=tcp&headerType=none#Reality-Vision`;
const VLESS_TCP = `vless://${UUID}@tcp.example.net:8080?encryption=none&type=tcp&headerType=none#plain-tcp`;
const VLESS_IPV6 = `vless://${UUID}@[2001:db8::1]:8443?encryption=none&security=tls&sni=v6.example.com&type=ws&path=%2Fv6#IPv6`;
const VLESS_PERSIAN = `vless://${UUID}@fa.example.com:443/?type=ws&security=tls&path=%2F%D9%85%D8%B3%DB%8C%D8%B1%2Fws&sni=fa.example.com#%D8%B3%D8%B1%D9%88%D8%B1%20%D8%A2%D9%84%D9%85%D8%A7%D9%86%20%F0%9F%87%A9%F0%9F%87%AA`;

type Expected = Partial<Omit<ParsedLink, 'params'>> & { params?: Record<string, string> };

const GOOD: [string, string, Expected][] = [
  [
    'vmess ws+tls',
    VMESS_WS_TLS,
    {
      protocol: 'vmess',
      host: 'de1.example.com',
      port: 443,
      id: '5f0a4c55-3b1e-4e0f-9a65-3d7c2f1e8b21',
      transport: 'ws',
      security: 'tls',
      sni: 'cdn.example.com',
      path: '/vmess-ws',
      remark: 'DE-ws-tls',
      params: { host: 'cdn.example.com', alpn: 'h2,http/1.1', fp: 'chrome', aid: '0', scy: 'auto', type: 'none', v: '2' },
    },
  ],
  [
    'vmess tcp with http header, numeric port and aid',
    VMESS_TCP_HTTP,
    {
      protocol: 'vmess',
      host: '198.51.100.7',
      port: 80,
      id: '0b2e5f7a-8c9d-4e1f-a2b3-c4d5e6f7a8b9',
      transport: 'tcp',
      security: 'none',
      sni: null,
      path: '/',
      remark: 'NL tcp http',
      params: { type: 'http', host: 'www.bing.com', aid: '0', v: '2' },
    },
  ],
  [
    'vmess grpc without base64 padding',
    VMESS_NO_PADDING,
    {
      host: 'fr.example.net',
      port: 2053,
      transport: 'grpc',
      security: 'tls',
      sni: 'fr.example.net',
      path: 'grpc-svc',
      remark: 'FR-grpc-1',
    },
  ],
  [
    'vmess URL-safe base64, Persian remark with emoji, string port',
    VMESS_PERSIAN_URLSAFE,
    {
      host: 'ir.example.org',
      port: 8080,
      transport: 'ws',
      security: 'none',
      remark: 'ایران 🇮🇷 سرور ۱ 🚀',
    },
  ],
  [
    'vless ws+tls',
    VLESS_WS_TLS,
    {
      protocol: 'vless',
      host: 'cdn.example.com',
      port: 443,
      id: UUID,
      transport: 'ws',
      security: 'tls',
      sni: 'cdn.example.com',
      path: '/ws?ed=2048',
      remark: 'WS-TLS CDN',
      params: { encryption: 'none', fp: 'chrome', alpn: 'h2,http/1.1', host: 'cdn.example.com' },
    },
  ],
  [
    'vless grpc',
    VLESS_GRPC,
    {
      host: 'grpc.example.com',
      port: 2083,
      transport: 'grpc',
      security: 'tls',
      sni: 'grpc.example.com',
      path: 'vless-grpc',
      remark: 'gRPC',
      params: { encryption: 'none', serviceName: 'vless-grpc', mode: 'gun' },
    },
  ],
  [
    'vless reality with pbk/sid/fp/sni',
    VLESS_REALITY,
    {
      host: '203.0.113.25',
      port: 443,
      transport: 'tcp',
      security: 'reality',
      sni: 'www.microsoft.com',
      path: null,
      remark: 'Reality-Vision',
      params: {
        encryption: 'none',
        flow: 'xtls-rprx-vision',
        fp: 'chrome',
        pbk: 'SbVKOEMjK0sIlbwg4akyBg5mL5KZwwB-ed4eEE7YnRc',
        sid: '6ba85179e30d4fc2',
        spx: '/',
        headerType: 'none',
      },
    },
  ],
  ['vless tcp', VLESS_TCP, { host: 'tcp.example.net', port: 8080, transport: 'tcp', security: 'none', sni: null, path: null, remark: 'plain-tcp' }],
  [
    'vless IPv6 host in brackets',
    VLESS_IPV6,
    { host: '2001:db8::1', port: 8443, transport: 'ws', security: 'tls', sni: 'v6.example.com', path: '/v6', remark: 'IPv6' },
  ],
  [
    'vless percent-encoded Persian path and remark, slash before the query',
    VLESS_PERSIAN,
    {
      host: 'fa.example.com',
      port: 443,
      transport: 'ws',
      security: 'tls',
      path: '/مسیر/ws',
      remark: 'سرور آلمان 🇩🇪',
    },
  ],
];

describe('parseShareLink: real-world links', () => {
  test.each(GOOD)('%s', (_label, link, expected) => {
    const parsed = parseShareLink(link);
    const { params, ...fields } = expected;
    expect(parsed).toMatchObject(fields);
    if (params) expect(parsed.params).toEqual(params);
    expect(parsed.link).toBe(link);
  });

  test('the expected protocol is accepted when it matches', () => {
    expect(parseShareLink(VMESS_WS_TLS, 'vmess').protocol).toBe('vmess');
    expect(parseShareLink(VLESS_TCP, 'vless').protocol).toBe('vless');
  });

  test('surrounding whitespace and an upper-case scheme are tolerated; the id is lower-cased', () => {
    const link = `  VLESS://${UUID.toUpperCase()}@tcp.example.net:8080?type=tcp  `;
    const parsed = parseShareLink(link);
    expect(parsed.id).toBe(UUID);
    expect(parsed.link).toBe(link.trim());
  });

  test('vmess with an upper-case UUID, a bracketed IPv6 add and an unknown tls value of "xtls"', () => {
    const link = 'vmess://' + b64({ add: '[2001:db8::2]', port: 443, id: UUID.toUpperCase(), net: 'ws', tls: 'xtls' });
    expect(parseShareLink(link)).toMatchObject({ host: '2001:db8::2', id: UUID, security: 'tls' });
  });

  test('vmess with base64 wrapped over several lines', () => {
    const body = b64({ add: 'a.example.com', port: 443, id: UUID });
    const wrapped = body.replace(/(.{20})/g, '$1\n');
    expect(parseShareLink('vmess://' + wrapped).host).toBe('a.example.com');
  });
});

const BAD: [string, string, string][] = [
  ['empty', '', M.empty],
  ['blank', '   ', M.empty],
  ['garbage', 'hello world', M.unknownScheme],
  ['wrong scheme: trojan', `trojan://secret@example.com:443?security=tls#t`, M.unknownScheme],
  ['wrong scheme: shadowsocks', 'ss://YWVzLTI1Ni1nY206cGFzcw@example.com:8388#ss', M.unknownScheme],
  ['wrong scheme: http', 'https://example.com/', M.unknownScheme],
  ['vmess bad base64 characters', 'vmess://not*base64!', M.badBase64],
  ['vmess impossible base64 length', 'vmess://abcde', M.badBase64],
  ['vmess nothing after the scheme', 'vmess://', M.badBase64],
  ['vmess base64 of plain text', 'vmess://aGVsbG8gd29ybGQ=', M.badJson],
  ['vmess base64 of a JSON array', 'vmess://WzEsMl0=', M.badJson],
  ['vmess base64 of invalid UTF-8', 'vmess://' + Buffer.from([0xff, 0xfe, 0xfd]).toString('base64'), M.badBase64],
  [
    'vmess JSON missing add',
    'vmess://eyJ2IjoiMiIsInBzIjoieCIsInBvcnQiOiI0NDMiLCJpZCI6IjVmMGE0YzU1LTNiMWUtNGUwZi05YTY1LTNkN2MyZjFlOGIyMSIsIm5ldCI6IndzIn0=',
    M.badHost,
  ],
  [
    'vmess JSON missing port',
    'vmess://eyJ2IjoiMiIsInBzIjoieCIsImFkZCI6ImEuZXhhbXBsZS5jb20iLCJpZCI6IjVmMGE0YzU1LTNiMWUtNGUwZi05YTY1LTNkN2MyZjFlOGIyMSIsIm5ldCI6IndzIn0=',
    M.badPort,
  ],
  [
    'vmess port 0',
    'vmess://eyJ2IjoiMiIsInBzIjoieCIsImFkZCI6ImEuZXhhbXBsZS5jb20iLCJwb3J0IjowLCJpZCI6IjVmMGE0YzU1LTNiMWUtNGUwZi05YTY1LTNkN2MyZjFlOGIyMSJ9',
    M.badPort,
  ],
  [
    'vmess port 70000',
    'vmess://eyJ2IjoiMiIsInBzIjoieCIsImFkZCI6ImEuZXhhbXBsZS5jb20iLCJwb3J0IjoiNzAwMDAiLCJpZCI6IjVmMGE0YzU1LTNiMWUtNGUwZi05YTY1LTNkN2MyZjFlOGIyMSJ9',
    M.badPort,
  ],
  ['vmess fractional port', 'vmess://' + b64({ add: 'a.example.com', port: 443.5, id: UUID }), M.badPort],
  ['vmess missing id', 'vmess://eyJ2IjoiMiIsInBzIjoieCIsImFkZCI6ImEuZXhhbXBsZS5jb20iLCJwb3J0Ijo0NDN9', M.badId],
  ['vmess host with a space', 'vmess://' + b64({ add: 'a b.example.com', port: 443, id: UUID }), M.badHost],
  ['vmess unknown transport', 'vmess://' + b64({ add: 'a.example.com', port: 443, id: UUID, net: 'pigeon' }), M.badTransport],
  ['vmess unknown security', 'vmess://' + b64({ add: 'a.example.com', port: 443, id: UUID, tls: 'ssl3' }), M.badSecurity],
  ['vless without uuid', 'vless://@cdn.example.com:443?type=ws', M.badId],
  ['vless without user part', 'vless://cdn.example.com:443?type=ws', M.badId],
  ['vless with a non-UUID id', 'vless://not-a-uuid@cdn.example.com:443?type=ws', M.badId],
  ['vless without port', `vless://${UUID}@cdn.example.com?type=ws`, M.badPort],
  ['vless port 0', `vless://${UUID}@cdn.example.com:0?type=ws`, M.badPort],
  ['vless port 70000', `vless://${UUID}@cdn.example.com:70000?type=ws`, M.badPort],
  ['vless non-numeric port', `vless://${UUID}@cdn.example.com:https?type=ws`, M.badPort],
  ['vless empty host', `vless://${UUID}@:443?type=ws`, M.badHost],
  ['vless IPv6 without brackets closed', `vless://${UUID}@[2001:db8::1:443?type=ws`, M.badHost],
  ['vless bad IPv6 in brackets', `vless://${UUID}@[2001:db8:::1]:443?type=ws`, M.badHost],
  ['vless IPv6 without a port', `vless://${UUID}@[2001:db8::1]?type=ws`, M.badPort],
  ['vless broken percent-encoding in the remark', `vless://${UUID}@cdn.example.com:443?type=ws#%E0%A4%A`, M.badEncoding],
  ['vless broken percent-encoding in a value', `vless://${UUID}@cdn.example.com:443?type=ws&path=%ZZ`, M.badEncoding],
  ['vless reality without pbk', `vless://${UUID}@r.example.com:443?security=reality&sni=www.microsoft.com&type=tcp`, M.missingRealityKey],
  ['vless unknown transport', `vless://${UUID}@cdn.example.com:443?type=carrier-pigeon`, M.badTransport],
  ['vless unknown security', `vless://${UUID}@cdn.example.com:443?security=ssl&type=ws`, M.badSecurity],
  ['vless with a path segment', `vless://${UUID}@cdn.example.com:443/extra?type=ws`, M.badFormat],
  ['too long', `vless://${UUID}@cdn.example.com:443?type=ws&path=${'a'.repeat(9000)}`, M.tooLong],
];

describe('parseShareLink: broken links', () => {
  test.each(BAD)('%s', (_label, link, reason) => {
    let caught: unknown;
    try {
      parseShareLink(link);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ShareLinkError);
    expect((caught as ShareLinkError).reason).toBe(reason);
    expect({ name: (caught as Error).name, startsWithReason: (caught as Error).message.startsWith(reason) }).toEqual({
      name: 'ShareLinkError',
      startsWithReason: true,
    });
    expect(tryParseShareLink(link)).toEqual({ ok: false, reason });
  });

  test('a protocol mismatch (asked vmess, got vless, and the reverse) is an error', () => {
    expect(tryParseShareLink(VLESS_WS_TLS, 'vmess')).toEqual({ ok: false, reason: M.protocolMismatch });
    expect(tryParseShareLink(VMESS_WS_TLS, 'vless')).toEqual({ ok: false, reason: M.protocolMismatch });
  });

  test('a non-string input is refused, not crashed on', () => {
    expect(() => parseShareLink(undefined as unknown as string)).toThrow(ShareLinkError);
  });
});

describe('detectProtocol', () => {
  test.each([
    ['a vmess link', VMESS_WS_TLS, 'vmess'],
    ['a vless link', VLESS_REALITY, 'vless'],
    ['mixed-case scheme with spaces', '  VMess://abc', 'vmess'],
    ['trojan', 'trojan://x@y:1', null],
    ['a scheme without //', 'vless:/missing-slash', null],
    ['empty', '', null],
  ])('%s → %s', (_label, link, protocol) => {
    expect(detectProtocol(link)).toBe(protocol);
  });
});

describe('links real clients export (docs/product.md §5)', () => {
  test.each(ACCEPTED_LINKS.map(([name, link]) => [name, link]))('accepts %s, keeping the link as given', (_name, link) => {
    const parsed = parseShareLink(link);
    expect(parsed.link).toBe(link);
    expect(parseShareLink(link, parsed.protocol).host).toBe(parsed.host);
  });

  test.each(REFUSED_LINKS.map(([name, link, reason]) => [name, link, reason]))('refuses %s', (_name, link, reason) => {
    expect(tryParseShareLink(link)).toEqual({ ok: false, reason });
  });

  it('reads the VMess standard URI form like the JSON form, with the JSON names for its values', () => {
    const link = `vmess://${UUID.toUpperCase()}@vm.example.com:8443?type=ws&encryption=aes-128-gcm&security=tls&sni=sni.example.com&host=h.example.com&path=%2Fws%3Fed%3D2048#%D8%B3%D8%B1%D9%88%D8%B1`;
    expect(parseShareLink(link, 'vmess')).toEqual({
      link,
      protocol: 'vmess',
      host: 'vm.example.com',
      port: 8443,
      id: UUID,
      transport: 'ws',
      security: 'tls',
      sni: 'sni.example.com',
      path: '/ws?ed=2048',
      remark: 'سرور',
      format: 'uri',
      params: { encryption: 'aes-128-gcm', host: 'h.example.com', scy: 'aes-128-gcm', aid: '0' },
      fields: { host: 'h.example.com', scy: 'aes-128-gcm', aid: '0' },
    });
    const kcp = parseShareLink(`vmess://${UUID}@198.51.100.1:4000?type=kcp&headerType=wechat-video&seed=s#k`);
    expect(kcp).toMatchObject({ transport: 'kcp', security: 'none', format: 'uri', params: { type: 'wechat-video', scy: 'auto', seed: 's' } });
    expect(parseShareLink(VMESS_WS_TLS).format).toBe('base64');
    expect(tryParseShareLink(`vmess://${UUID}@vm.example.com:443?type=ws`, 'vless')).toEqual({ ok: false, reason: M.protocolMismatch });
  });

  it('takes an IPv6 host only in brackets', () => {
    expect(parseShareLink(`vless://${UUID}@[2001:db8::1]:443#ok`).host).toBe('2001:db8::1');
    // Without brackets the port cannot be told from the address: `2001:db8::1:443` is itself an address.
    expect(tryParseShareLink(`vless://${UUID}@2001:db8::1:443#bad`)).toEqual({ ok: false, reason: M.badHost });
  });
});
