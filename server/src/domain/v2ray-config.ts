// A complete client configuration from one share link, for one core (docs/product.md §7 "Profiles",
// apps/exportProfile?format=xray|v2ray): a SOCKS inbound on 127.0.0.1:10808 and the profile as the
// outbound. Built on the parser's fields (domain/share-links.ts), so both link forms map alike.
//
// Each core gets what it accepts, and a profile it cannot carry as written is refused, naming the
// field (UnsupportedByCore), never written with a setting left out: a core decodes its config
// into structs and ignores what it does not know, so a dropped setting would run silently without
// it (v2ray 4 ignores "security": "reality" and sends the VLESS header and id in the clear).
//
//   xray   current Xray-core, which the apps' cores follow: raw (tcp), ws, grpc, httpupgrade, xhttp
//          and kcp (its header and seed as finalmask, as v2rayN writes them); tls with fingerprint,
//          ech, pcs and vcn; REALITY over raw, xhttp or grpc; finalmask (fm). No h2 nor quic (removed),
//          no allowInsecure (removed: pcs or vcn replace it), no legacy XTLS flow. The network is
//          written "raw", which v2ray 4 refuses: an Xray config given to v2ray 4 does not start,
//          rather than run a REALITY profile in the clear.
//   v2ray  v2ray 4.x (Debian's 4.34): tcp, ws (its ?ed= early data as maxEarlyData), kcp, quic and
//          h2 with TLS; tls with allowInsecure. No REALITY, grpc, httpupgrade nor xhttp; no uTLS
//          fingerprint, ech, pcs, vcn, flow, VLESS encryption nor finalmask.
//
// h2 without TLS is refused for both: it passes `v2ray -test` and fails at run time. Pure.
import type { ConfigCore, ExportMessageId } from '../../../src/contract';
import { EXPORT_MESSAGES as E } from '../../../src/contract';
import { asciiHost, type LinkField, type ParsedLink } from './share-links';

export const SOCKS_LISTEN = '127.0.0.1';
export const SOCKS_PORT = 10808;

type Json = Record<string, unknown>;

/** The link's fields a core cannot carry: each field with its export.* reason. */
export type CoreProblems = Record<string, ExportMessageId>;

/** The profile cannot be exported for this core as written; `problems` names each field. */
export class UnsupportedByCore extends Error {
  override readonly name = 'UnsupportedByCore';
  constructor(
    readonly core: ConfigCore,
    readonly problems: CoreProblems,
  ) {
    super(`${CORE_NAMES[core]} cannot carry this profile as written: ${Object.keys(problems).join(', ')}`);
  }
}

export const CORE_NAMES: Record<ConfigCore, string> = { xray: 'Xray-core', v2ray: 'v2ray 4' };

const list = (v: string | undefined): string[] | undefined => {
  const items = (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
};
/** An object without its undefined and empty-text members (so the JSON carries only what the link said). */
const compact = (o: Json): Json => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));
const int = (v: string | undefined): number | undefined => (v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined);

/** The transport under one name per kind: tcp, ws, grpc, h2, httpupgrade, xhttp, kcp or quic. */
function kind(transport: string): string {
  switch (transport) {
    case 'raw':
      return 'tcp';
    case 'http':
      return 'h2';
    case 'mkcp':
      return 'kcp';
    case 'splithttp':
      return 'xhttp';
    default:
      return transport;
  }
}

const XHTTP_MODES = new Set(['auto', 'packet-up', 'stream-up', 'stream-one']);
const XRAY_FLOWS = new Set(['xtls-rprx-vision', 'xtls-rprx-vision-udp443']);
/** The kcp header types and their finalmask `mkcp-legacy` names (v2rayN's KcpHeaderMaskMap). */
const KCP_HEADER_MASK: Record<string, string> = { srtp: 'srtp', utp: 'utp', 'wechat-video': 'wechat', dtls: 'dtls', wireguard: 'wireguard', dns: 'dns' };
const V2RAY_KCP_HEADERS = new Set(['none', ...Object.keys(KCP_HEADER_MASK)]);
/** Fields v2ray 4 has no setting for (its TLS has no uTLS, ECH nor pinning by leaf hash; its VLESS no flow nor encryption). */
const NOT_IN_V2RAY: readonly LinkField[] = ['fp', 'ech', 'pcs', 'vcn', 'pqv', 'fm', 'flow', 'heartbeatPeriod'];

/**
 * What `core` cannot carry of the link, field by field; empty when the export is whole. The key is
 * the link's own field name (`security`, `network` for the transport, `fp`, `allowInsecure`, …).
 */
export function coreProblems(p: ParsedLink, core: ConfigCore): CoreProblems {
  const f = p.fields;
  const net = kind(p.transport);
  const out: CoreProblems = {};
  if (net === 'h2' && p.security !== 'tls') out.network = E.h2NeedsTls;
  if (core === 'v2ray') {
    if (p.security === 'reality') out.security = E.realityNotInV2ray;
    if (net === 'grpc' || net === 'httpupgrade' || net === 'xhttp') out.network = E.transportNotInV2ray;
    for (const k of NOT_IN_V2RAY) if (f[k] !== undefined) out[k] = E.settingNotInV2ray;
    if (p.protocol === 'vless' && f.encryption && f.encryption !== 'none') out.encryption = E.settingNotInV2ray;
    if (net === 'kcp' && f.headerType && !V2RAY_KCP_HEADERS.has(f.headerType)) out.headerType = E.valueNotInCore;
  } else {
    if (net === 'h2' || net === 'quic') out.network = E.transportNotInXray;
    if (p.security === 'reality' && !['tcp', 'xhttp', 'grpc'].includes(net)) out.network ??= E.realityTransport;
    if (f.allowInsecure) out.allowInsecure = E.insecureNotInXray;
    if (p.protocol === 'vless' && f.flow && !XRAY_FLOWS.has(f.flow)) out.flow = E.flowNotInXray;
    if (net === 'xhttp' && f.mode && !XHTTP_MODES.has(f.mode)) out.mode = E.valueNotInCore;
    if (net === 'kcp' && f.headerType && f.headerType !== 'none' && !KCP_HEADER_MASK[f.headerType]) out.headerType = E.valueNotInCore;
    if (net === 'xhttp' && f.extra !== undefined && !jsonObject(f.extra)) out.extra = E.notJson;
    if (f.fm !== undefined && !jsonObject(f.fm)) out.fm = E.notJson;
  }
  return out;
}

/**
 * A JSON object field of the link (`extra`, `fm`). Marzban writes its query with Python's urlencode,
 * whose "+" for a space the share-link standard's percent-decoding keeps: JSON that does not parse
 * is read again with "+" as a space (outside strings, "+" is never valid JSON).
 */
function jsonObject(text: string): Json | undefined {
  for (const candidate of [text, text.replace(/\+/g, ' ')]) {
    try {
      const v: unknown = JSON.parse(candidate);
      return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
    } catch {
      // try the next reading
    }
  }
  return undefined;
}

/** ws early data written in the path (`/ws?ed=2048`, Xray's form) as v2ray 4's maxEarlyData. */
function earlyData(path: string): { path: string; ed?: number } {
  const q = path.indexOf('?');
  if (q < 0) return { path };
  const params = new URLSearchParams(path.slice(q + 1));
  const ed = int(params.get('ed') ?? undefined);
  if (ed === undefined) return { path };
  params.delete('ed');
  const rest = params.toString();
  return { path: path.slice(0, q) + (rest ? `?${rest}` : ''), ed };
}

/** streamSettings of the outbound for `core`: transport, then security. Call coreProblems first. */
function streamSettings(p: ParsedLink, core: ConfigCore): Json {
  const f = p.fields;
  const net = kind(p.transport);
  const xray = core === 'xray';
  const hosts = list(f.host)?.map(asciiHost);
  const host = hosts?.join(',');
  const out: Json = { network: net === 'tcp' && xray ? 'raw' : net === 'h2' ? 'http' : net, security: p.security };
  switch (net) {
    case 'tcp': {
      if (f.headerType === 'http') {
        const header = { type: 'http', request: compact({ path: list(p.path ?? undefined) ?? ['/'], headers: hosts ? { Host: hosts } : undefined }) };
        out[xray ? 'rawSettings' : 'tcpSettings'] = { header };
      }
      break;
    }
    case 'ws': {
      const heartbeatPeriod = int(f.heartbeatPeriod);
      if (xray) {
        out.wsSettings = compact({ path: p.path || '/', host, heartbeatPeriod });
      } else {
        const { path, ed } = earlyData(p.path || '/');
        out.wsSettings = compact({
          path,
          headers: host ? { Host: host } : undefined,
          maxEarlyData: ed,
          earlyDataHeaderName: ed !== undefined ? 'Sec-WebSocket-Protocol' : undefined,
        });
      }
      break;
    }
    case 'grpc':
      out.grpcSettings = compact({ serviceName: p.path ?? '', multiMode: f.mode === 'multi' ? true : undefined, authority: f.authority });
      break;
    case 'h2':
      out.httpSettings = compact({ path: p.path || '/', host: hosts });
      break;
    case 'httpupgrade':
      out.httpupgradeSettings = compact({ path: p.path || '/', host });
      break;
    case 'xhttp':
      out.xhttpSettings = compact({ path: p.path || '/', host, mode: f.mode, extra: f.extra !== undefined ? jsonObject(f.extra) : undefined });
      break;
    case 'kcp': {
      const header = f.headerType && f.headerType !== 'none' ? f.headerType : undefined;
      if (xray) {
        // Xray-core moved the kcp header and seed to finalmask: the seed's AES-GCM (or the original
        // obfuscation without one) next to the wire, the header outside it (v2rayN's order).
        out.kcpSettings = compact({ mtu: int(f.mtu), tti: int(f.tti) });
        if (!f.fm) {
          out.finalmask = {
            udp: [
              f.seed ? { type: 'mkcp-legacy', settings: { value: f.seed } } : { type: 'mkcp-legacy' },
              ...(header ? [{ type: 'mkcp-legacy', settings: { header: KCP_HEADER_MASK[header] } }] : []),
            ],
          };
        }
      } else {
        out.kcpSettings = compact({ mtu: int(f.mtu), tti: int(f.tti), header: { type: header ?? 'none' }, seed: f.seed });
      }
      break;
    }
    case 'quic':
      out.quicSettings = compact({ security: f.quicSecurity || 'none', key: f.key, header: { type: f.headerType || 'none' } });
      break;
    default:
      break;
  }
  // The Host list's first name stands in for a missing SNI (what v2rayN does).
  const serverName = p.sni ? asciiHost(p.sni) : p.security === 'tls' ? hosts?.[0] : undefined;
  if (p.security === 'tls') {
    out.tlsSettings = xray
      ? compact({ serverName, alpn: list(f.alpn), fingerprint: f.fp, echConfigList: f.ech, pinnedPeerCertSha256: f.pcs, verifyPeerCertByName: f.vcn })
      : compact({ serverName, alpn: list(f.alpn), allowInsecure: f.allowInsecure ? true : undefined });
  } else if (p.security === 'reality') {
    out.realitySettings = compact({
      serverName,
      publicKey: f.pbk,
      shortId: f.sid ?? '',
      spiderX: f.spx,
      fingerprint: f.fp || 'chrome',
      mldsa65Verify: f.pqv,
    });
  }
  if (xray && f.fm) out.finalmask = jsonObject(f.fm);
  return out;
}

/** The outbound of the profile for `core`, tagged "proxy". Call coreProblems first. */
function outbound(p: ParsedLink, core: ConfigCore): Json {
  const f = p.fields;
  let user: Json;
  if (p.protocol === 'vmess') {
    const cipher = f.scy || 'auto';
    // Xray-core has no alterId (AEAD only) and no "none"/"zero" cipher: it reads them as "auto".
    user =
      core === 'xray'
        ? { id: p.id, security: cipher === 'none' || cipher === 'zero' ? 'auto' : cipher }
        : { id: p.id, alterId: Number(f.aid ?? 0) || 0, security: cipher };
  } else {
    user = compact({ id: p.id, encryption: f.encryption || 'none', flow: core === 'xray' ? f.flow : undefined });
  }
  return {
    tag: 'proxy',
    protocol: p.protocol,
    settings: { vnext: [{ address: asciiHost(p.host), port: p.port, users: [user] }] },
    streamSettings: streamSettings(p, core),
  };
}

/**
 * The whole client config for `core`: SOCKS on 127.0.0.1:10808 → the profile; "direct" is there for
 * routing rules a user adds. `remarks` is the link's own name (Persian as written), else `fallbackRemark`.
 * Throws UnsupportedByCore when the core cannot carry the profile as written.
 */
export function clientConfig(p: ParsedLink, core: ConfigCore, fallbackRemark?: string): Json {
  const problems = coreProblems(p, core);
  if (Object.keys(problems).length) throw new UnsupportedByCore(core, problems);
  const remarks = p.remark || fallbackRemark;
  return {
    ...(remarks ? { remarks } : {}),
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
    outbounds: [outbound(p, core), { tag: 'direct', protocol: 'freedom', settings: {} }],
  };
}
