// A complete client configuration for the v2ray/Xray core from one share link (docs/product.md §7 "Profiles",
// apps/exportProfile?format=v2ray): a SOCKS inbound on 127.0.0.1:10808 and the profile as the
// outbound. Built on the parser's readable form (domain/share-links.ts), so every link the panel
// accepts maps the same way: vmess and vless; tcp (with the http header), ws, grpc, h2/http,
// httpupgrade, xhttp/splithttp, kcp and quic; tls and reality settings carried over. Fields the
// core does not know are ignored by it (v2ray 4 and Xray both decode into structs), so the one
// shape serves both. Pure.
import type { ParsedLink } from './share-links';

export const SOCKS_LISTEN = '127.0.0.1';
export const SOCKS_PORT = 10808;

type Json = Record<string, unknown>;

const list = (v: string | undefined): string[] | undefined => {
  const items = (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return items.length ? items : undefined;
};
/** An object without its undefined members (so the JSON carries only what the link said). */
const compact = (o: Json): Json => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));

function network(transport: string): string {
  switch (transport) {
    case 'raw':
      return 'tcp';
    case 'http':
    case 'h2':
      return 'http';
    case 'mkcp':
      return 'kcp';
    case 'splithttp':
      return 'xhttp';
    default:
      return transport;
  }
}

/** streamSettings of the outbound: transport, then security. */
export function streamSettings(p: ParsedLink): Json {
  const net = network(p.transport);
  const q = p.params;
  const host = q.host || undefined;
  const headerType = (p.protocol === 'vmess' ? q.type : q.headerType) || 'none';
  const out: Json = { network: net, security: p.security };
  switch (net) {
    case 'tcp':
      if (headerType === 'http') {
        out.tcpSettings = {
          header: { type: 'http', request: compact({ path: [p.path || '/'], headers: host ? { Host: list(host) } : undefined }) },
        };
      }
      break;
    case 'ws':
      out.wsSettings = compact({ path: p.path || '/', headers: host ? { Host: host } : undefined });
      break;
    case 'grpc':
      out.grpcSettings = compact({ serviceName: p.path ?? '', multiMode: q.mode === 'multi' ? true : undefined, authority: q.authority });
      break;
    case 'http':
      out.httpSettings = compact({ path: p.path || '/', host: list(host) });
      break;
    case 'httpupgrade':
      out.httpupgradeSettings = compact({ path: p.path || '/', host });
      break;
    case 'xhttp':
      out.xhttpSettings = compact({ path: p.path || '/', host, mode: q.mode });
      break;
    case 'kcp':
      out.kcpSettings = compact({ header: { type: headerType }, seed: q.seed || (p.protocol === 'vmess' ? p.path ?? undefined : undefined) });
      break;
    case 'quic':
      out.quicSettings = compact({ security: q.quicSecurity || host || 'none', key: q.key || (p.protocol === 'vmess' ? p.path ?? undefined : undefined), header: { type: headerType } });
      break;
    default:
      break;
  }
  // The Host list's first name stands in for a missing SNI (what v2rayN does).
  const serverName = p.sni || (p.security === 'tls' ? list(host)?.[0] : undefined);
  if (p.security === 'tls') {
    out.tlsSettings = compact({
      serverName,
      alpn: list(q.alpn),
      fingerprint: q.fp,
      allowInsecure: q.allowInsecure === '1' || q.allowInsecure === 'true' || q.insecure === '1' ? true : undefined,
    });
  } else if (p.security === 'reality') {
    out.realitySettings = compact({
      serverName,
      publicKey: q.pbk,
      shortId: q.sid ?? '',
      spiderX: q.spx,
      fingerprint: q.fp || 'chrome',
    });
  }
  return out;
}

/** The outbound of the profile, tagged "proxy". */
export function outbound(p: ParsedLink): Json {
  const user =
    p.protocol === 'vmess'
      ? { id: p.id, alterId: Number(p.params.aid ?? 0) || 0, security: p.params.scy || 'auto' }
      : compact({ id: p.id, encryption: p.params.encryption || 'none', flow: p.params.flow });
  return {
    tag: 'proxy',
    protocol: p.protocol,
    settings: { vnext: [{ address: p.host, port: p.port, users: [user] }] },
    streamSettings: streamSettings(p),
  };
}

/** The whole client config: SOCKS on 127.0.0.1:10808 → the profile; "direct" is there for routing rules a user adds. */
export function v2rayClientConfig(p: ParsedLink, remark?: string): Json {
  return {
    ...(remark || p.remark ? { remarks: remark || p.remark } : {}),
    log: { loglevel: 'warning' },
    inbounds: [
      {
        tag: 'socks-in',
        listen: SOCKS_LISTEN,
        port: SOCKS_PORT,
        protocol: 'socks',
        settings: { auth: 'noauth', udp: true },
      },
    ],
    outbounds: [outbound(p), { tag: 'direct', protocol: 'freedom', settings: {} }],
  };
}
