// Share links of the VPN profiles (docs/architecture.md §7): parses and validates `vmess://` (base64 of the
// v2rayN JSON, or the Xray standard URI form `vmess://uuid@host:port?type=…&encryption=…#name`)
// and `vless://` (the Xray share-link standard) into one readable form. Pure and DB-free:
// the profile routes, the CSV import and "reveal address" (apps/convertProfile) all use it.
import { domainToASCII } from 'node:url';
import {
  LINK_WARNINGS,
  PROTOCOLS,
  SHARE_LINK_MAX_LENGTH,
  SHARE_LINK_MESSAGES as M,
  isHostname,
  isIPv4,
  isIPv6,
  type LinkSecurity,
  type LinkWarningId,
  type Protocol,
  type ShareLinkMessageId,
} from '../../../src/contract';
import { ReasonError } from './reason-error';

export type Security = LinkSecurity;

/** The readable form of a share link ("reveal address"). */
export interface ParsedLink {
  /** The link as given (trimmed). */
  link: string;
  protocol: Protocol;
  /** Server address: a hostname, an IPv4 address, or an IPv6 address without brackets. */
  host: string;
  port: number;
  /** The user id (UUID), lower-cased. */
  id: string;
  /** Transport: tcp, ws, grpc, http, h2, kcp, quic, httpupgrade, xhttp, splithttp or raw. */
  transport: string;
  security: Security;
  /** TLS/REALITY server name, or null. */
  sni: string | null;
  /** ws/http/httpupgrade/xhttp path, or the gRPC service name; null when absent. */
  path: string | null;
  /** The link's name (vmess `ps`, vless fragment); may be Persian or carry emoji. */
  remark: string;
  /**
   * Every other parameter (vless query parameters, the other vmess JSON fields) as text. A vmess
   * link in the URI form also gets the JSON form's names where it has the value: `scy` (from
   * `encryption`), `type` (from `headerType`) and `aid` ("0"), so readers of vmess params need
   * not care which form was imported.
   */
  params: Record<string, string>;
  /** How the link is written: `base64` (v2rayN's vmess JSON) or `uri` (every vless link, vmess URI form). */
  format: 'base64' | 'uri';
  /**
   * The link's settings under the names of the Xray share-link standard, read alike from both forms
   * (the vmess JSON's `type`, `host` and `path` mean different fields per transport), for the
   * client-config exports (domain/v2ray-config.ts). Absent when the link leaves a field out or blank.
   */
  fields: LinkFields;
}

/**
 * Every field the Xray share-link standard (XTLS/Xray-core discussion 716) and v2rayN's vmess JSON
 * define, beyond the ones ParsedLink holds itself (host, port, id, transport, security, sni, path,
 * remark): transport (headerType, host, seed, mtu, tti, quicSecurity, key, serviceName, authority,
 * mode, extra, heartbeatPeriod), TLS and REALITY (fp, alpn, allowInsecure, ech, pcs, vcn, pbk, sid,
 * spx, pqv), finalmask (fm) and the user (flow, encryption for VLESS; scy and aid for VMess).
 */
export const LINK_FIELDS = [
  'headerType',
  'host',
  'seed',
  'mtu',
  'tti',
  'quicSecurity',
  'key',
  'serviceName',
  'authority',
  'mode',
  'extra',
  'heartbeatPeriod',
  'fp',
  'alpn',
  'allowInsecure',
  'ech',
  'pcs',
  'vcn',
  'pbk',
  'sid',
  'spx',
  'pqv',
  'fm',
  'flow',
  'encryption',
  'scy',
  'aid',
] as const;
export type LinkField = (typeof LINK_FIELDS)[number];
/** A link's fields as text; `allowInsecure` is "true" or absent; `extra` and `fm` are JSON text. */
export type LinkFields = Partial<Record<LinkField, string>>;

/** The ASCII (punycode) form of a server name for a core's config; IP addresses and ASCII names as they are. */
export function asciiHost(host: string): string {
  if (!/[^ -~]/.test(host) || isIPv6(host)) return host;
  return domainToASCII(host) || host;
}

/** A refused link; `reason` is a message id of SHARE_LINK_MESSAGES. */
export class ShareLinkError extends ReasonError<ShareLinkMessageId> {
  override readonly name = 'ShareLinkError';
  constructor(reason: ShareLinkMessageId, detail?: string) {
    super(reason, detail ? `${reason}: ${detail}` : reason);
  }
}

export const TRANSPORTS = ['tcp', 'raw', 'ws', 'grpc', 'http', 'h2', 'kcp', 'mkcp', 'quic', 'httpupgrade', 'xhttp', 'splithttp'] as const;
const TRANSPORT_SET = new Set<string>(TRANSPORTS);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

/** The protocol of a link by its scheme (case-insensitive), or null when it is neither vmess nor vless. */
export function detectProtocol(link: string): Protocol | null {
  const m = SCHEME.exec(link.trim());
  const scheme = m?.[1].toLowerCase();
  return (PROTOCOLS as readonly string[]).includes(scheme ?? '') ? (scheme as Protocol) : null;
}

/**
 * Parses and validates a share link. With `expected`, a link of the other protocol is refused
 * (`shareLink.protocolMismatch`). Throws ShareLinkError.
 */
export function parseShareLink(link: string, expected?: Protocol): ParsedLink {
  if (typeof link !== 'string' || link.trim() === '') throw new ShareLinkError(M.empty);
  const trimmed = link.trim();
  if (trimmed.length > SHARE_LINK_MAX_LENGTH) throw new ShareLinkError(M.tooLong);
  const protocol = detectProtocol(trimmed);
  if (!protocol) throw new ShareLinkError(M.unknownScheme);
  if (expected && expected !== protocol) throw new ShareLinkError(M.protocolMismatch, `expected ${expected}, got ${protocol}`);
  const rest = trimmed.slice(protocol.length + 3);
  // base64 has no '@': a vmess link with a user part before its host is the URI form.
  if (protocol === 'vmess' && !isUriForm(rest)) return parseVmess(trimmed, rest);
  return parseUri(trimmed, rest, protocol);
}

export type ShareLinkResult = { ok: true; value: ParsedLink } | { ok: false; reason: ShareLinkMessageId };

/** parseShareLink without exceptions, for bulk validation. */
export function tryParseShareLink(link: string, expected?: Protocol): ShareLinkResult {
  try {
    return { ok: true, value: parseShareLink(link, expected) };
  } catch (e) {
    if (e instanceof ShareLinkError) return { ok: false, reason: e.reason };
    throw e;
  }
}

/**
 * What popular clients refuse or misread in a link this parser accepts (LINK_WARNINGS): warned on
 * save, never refused. v2rayNG (the Android client most apps' users know) is the strictest reader.
 */
export function linkWarnings(p: ParsedLink): LinkWarningId[] {
  const warnings: LinkWarningId[] = [];
  const rest = p.link.slice(p.protocol.length + 3);
  if (p.format === 'base64') {
    try {
      const o = JSON.parse(decodeBase64(rest)) as Record<string, unknown>;
      if (asText(o.net) === '') warnings.push(LINK_WARNINGS.vmessNoNet);
    } catch {
      // parsed once already
    }
    return warnings;
  }
  const hashAt = rest.indexOf('#');
  const beforeHash = hashAt >= 0 ? rest.slice(0, hashAt) : rest;
  const qAt = beforeHash.indexOf('?');
  const pairs = (qAt >= 0 ? beforeHash.slice(qAt + 1) : '').split('&').filter(Boolean);
  if (pairs.length === 0) warnings.push(LINK_WARNINGS.noQuery);
  else if (p.protocol === 'vmess' && pairs.length === 1) warnings.push(LINK_WARNINGS.vmessSingleParam);
  const rawPath = pairs.find((pair) => pair.startsWith('path='))?.slice('path='.length);
  if (rawPath !== undefined && /[?=]/.test(rawPath)) warnings.push(LINK_WARNINGS.unencodedInPath);
  return warnings;
}

// ---------------------------------------------------------------------------------------------
// vmess: vmess://base64(JSON) with the v2rayN fields v, ps, add, port, id, aid, scy, net, type,
// host, path, tls, sni, alpn, fp.

const BASE64 = /^[A-Za-z0-9+/]*$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Standard or URL-safe base64, with or without padding, whitespace ignored. */
function decodeBase64(text: string): string {
  let s = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  s = s.replace(/=+$/, '');
  if (s.length === 0 || !BASE64.test(s) || s.length % 4 === 1) throw new ShareLinkError(M.badBase64);
  try {
    return utf8.decode(Buffer.from(s, 'base64'));
  } catch {
    throw new ShareLinkError(M.badBase64, 'not UTF-8');
  }
}

function asText(v: unknown): string {
  if (v == null) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  // An object member (Marzban writes xhttp `extra` as one) is kept as its JSON text.
  if (typeof v === 'object') return JSON.stringify(v);
  return '';
}

function parseVmess(link: string, payload: string): ParsedLink {
  const json = decodeBase64(payload);
  let cfg: unknown;
  try {
    cfg = JSON.parse(json);
  } catch {
    throw new ShareLinkError(M.badJson);
  }
  if (cfg === null || typeof cfg !== 'object' || Array.isArray(cfg)) throw new ShareLinkError(M.badJson);
  const o = cfg as Record<string, unknown>;

  const host = checkHost(asText(o.add), false);
  const port = checkPort(o.port);
  const id = checkId(asText(o.id));
  const transport = checkTransport(asText(o.net) || 'tcp');
  const tls = asText(o.tls).toLowerCase();
  const security = checkSecurity(tls === '' ? 'none' : tls);
  const path = asText(o.path) || null;
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(o)) {
    if (['add', 'port', 'id', 'net', 'tls', 'sni', 'path', 'ps'].includes(k)) continue;
    const t = asText(v);
    if (t !== '') params[k] = t;
  }
  if (security === 'reality' && !params.pbk) throw new ShareLinkError(M.missingRealityKey);
  return {
    link,
    protocol: 'vmess',
    host,
    port,
    id,
    transport,
    security,
    sni: asText(o.sni) || null,
    path,
    remark: typeof o.ps === 'string' ? o.ps : asText(o.ps),
    params,
    format: 'base64',
    fields: vmessJsonFields(o, transport, path),
  };
}

/** XHTTP settings 3x-ui writes flat into a vmess JSON (beside `mode`), which belong in `extra`. */
const XHTTP_EXTRA_KEYS = [
  'headers',
  'xPaddingBytes',
  'xPaddingObfsMode',
  'xPaddingKey',
  'xPaddingHeader',
  'xPaddingPlacement',
  'xPaddingMethod',
  'uplinkHTTPMethod',
  'sessionIDPlacement',
  'sessionIDKey',
  'sessionIDTable',
  'sessionIDLength',
  'sessionPlacement',
  'sessionKey',
  'seqPlacement',
  'seqKey',
  'uplinkDataPlacement',
  'uplinkDataKey',
  'uplinkChunkSize',
  'noGRPCHeader',
  'noSSEHeader',
  'scMaxEachPostBytes',
  'scMinPostsIntervalMs',
  'scMaxBufferedPosts',
  'scStreamUpServerSecs',
  'xmux',
  'downloadSettings',
];
const TRUE = new Set(['1', 'true']);

/**
 * The fields of v2rayN's vmess JSON, whose `type`, `host` and `path` change meaning with `net`
 * (v2rayN and v2rayNG): for gRPC the mode (`multi`), the authority and the service name; for XHTTP
 * the mode; for kcp the header and the seed; for QUIC the header, the security and the key.
 * Marzban and 3x-ui write some of them under their own names (`mode`, `authority`, `seed`,
 * `extra`, `allowInsecure`), which win.
 */
function vmessJsonFields(o: Record<string, unknown>, transport: string, path: string | null): LinkFields {
  const t = (k: string) => asText(o[k]) || undefined;
  const type = t('type');
  const host = t('host');
  const fields: LinkFields = {};
  for (const k of [
    'fp',
    'alpn',
    'ech',
    'pcs',
    'vcn',
    'pbk',
    'sid',
    'spx',
    'pqv',
    'fm',
    'flow',
    'heartbeatPeriod',
    'mtu',
    'tti',
    'seed',
    'mode',
    'authority',
    'extra',
  ] as const) {
    fields[k] = t(k);
  }
  fields.scy = t('scy') || 'auto';
  fields.aid = t('aid') || '0';
  if (TRUE.has((t('insecure') ?? t('allowInsecure') ?? '').toLowerCase())) fields.allowInsecure = 'true';
  switch (transport) {
    case 'grpc':
      fields.mode ??= type;
      fields.authority ??= host;
      fields.serviceName = path ?? undefined;
      break;
    case 'xhttp':
    case 'splithttp': {
      fields.mode ??= type;
      fields.host = host;
      const flat = Object.fromEntries(XHTTP_EXTRA_KEYS.filter((k) => o[k] !== undefined && o[k] !== '').map((k) => [k, o[k]]));
      if (Object.keys(flat).length) {
        let given: unknown = {};
        try {
          given = fields.extra ? JSON.parse(fields.extra) : {};
        } catch {
          given = null;
        }
        if (given && typeof given === 'object' && !Array.isArray(given)) fields.extra = JSON.stringify({ ...flat, ...given });
      }
      break;
    }
    case 'kcp':
    case 'mkcp':
      fields.headerType = type;
      fields.seed ??= path ?? undefined;
      break;
    case 'quic':
      fields.headerType = type;
      fields.quicSecurity = host;
      fields.key = path ?? undefined;
      break;
    default:
      fields.headerType = type;
      fields.host = host;
  }
  return compactFields(fields);
}

/** The fields of the URI form: the query parameters under their own names. */
function uriFields(params: Record<string, string>, protocol: Protocol, transport: string, path: string | null): LinkFields {
  const fields: LinkFields = {};
  for (const k of LINK_FIELDS) fields[k] = params[k]?.trim() || undefined;
  fields.allowInsecure = ['allowInsecure', 'insecure', 'allow_insecure'].some((k) => TRUE.has((params[k] ?? '').trim().toLowerCase())) ? 'true' : undefined;
  fields.serviceName = transport === 'grpc' ? (path ?? undefined) : undefined;
  if (protocol === 'vmess') {
    // `encryption` is the VMess cipher here (the JSON form's `scy`), not VLESS encryption.
    fields.scy = params.encryption?.trim() || 'auto';
    fields.aid = '0';
    fields.encryption = undefined;
  } else {
    fields.scy = undefined;
    fields.aid = undefined;
  }
  return compactFields(fields);
}

const compactFields = (f: LinkFields): LinkFields => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as LinkFields;

// ---------------------------------------------------------------------------------------------
// URI form (vless, and vmess as Xray and v2rayN export it too):
// scheme://uuid@host:port[/]?type=…&security=…&sni=…&path=…#remark (values percent-encoded).
// An IPv6 host is written in brackets; a bare one (`2001:db8::1:443`) is ambiguous and refused.

function isUriForm(rest: string): boolean {
  const end = rest.search(/[?#]/);
  return (end >= 0 ? rest.slice(0, end) : rest).includes('@');
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new ShareLinkError(M.badEncoding);
  }
}

function parseUri(link: string, rest: string, protocol: Protocol): ParsedLink {
  const hashAt = rest.indexOf('#');
  const remark = hashAt >= 0 ? decode(rest.slice(hashAt + 1)) : '';
  const beforeHash = hashAt >= 0 ? rest.slice(0, hashAt) : rest;
  const qAt = beforeHash.indexOf('?');
  let authority = qAt >= 0 ? beforeHash.slice(0, qAt) : beforeHash;
  const query = qAt >= 0 ? beforeHash.slice(qAt + 1) : '';
  if (authority.endsWith('/')) authority = authority.slice(0, -1);
  if (authority.includes('/')) throw new ShareLinkError(M.badFormat, 'unexpected path');

  const at = authority.lastIndexOf('@');
  if (at < 0) throw new ShareLinkError(M.badId, 'no user id');
  const id = checkId(decode(authority.slice(0, at)));
  const hostPort = authority.slice(at + 1);

  let rawHost: string;
  let rawPort: string;
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    if (close < 0) throw new ShareLinkError(M.badHost, 'unclosed IPv6 bracket');
    rawHost = hostPort.slice(1, close);
    if (!isIPv6(rawHost)) throw new ShareLinkError(M.badHost, 'bad IPv6 address');
    const after = hostPort.slice(close + 1);
    if (!after.startsWith(':')) throw new ShareLinkError(M.badPort, 'no port');
    rawPort = after.slice(1);
  } else {
    const colon = hostPort.lastIndexOf(':');
    if (colon < 0) throw new ShareLinkError(M.badPort, 'no port');
    rawHost = decode(hostPort.slice(0, colon));
    rawPort = hostPort.slice(colon + 1);
    if (rawHost.includes(':')) throw new ShareLinkError(M.badHost, 'an IPv6 host must be in brackets');
  }
  const host = checkHost(rawHost, true);
  if (!/^\d+$/.test(rawPort)) throw new ShareLinkError(M.badPort);
  const port = checkPort(rawPort);

  const params: Record<string, string> = {};
  if (query) {
    for (const pair of query.split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      const key = decode(eq >= 0 ? pair.slice(0, eq) : pair);
      params[key] = eq >= 0 ? decode(pair.slice(eq + 1)) : '';
    }
  }
  const transport = checkTransport((params.type ?? '').trim().toLowerCase() || 'tcp');
  const security = checkSecurity((params.security ?? '').trim().toLowerCase() || 'none');
  if (security === 'reality' && !params.pbk) throw new ShareLinkError(M.missingRealityKey);
  const path = transport === 'grpc' ? params.serviceName || params.path || null : params.path || null;
  const { type: _t, security: _s, sni, path: _p, ...others } = params;
  if (protocol === 'vmess') {
    // The JSON form's names for the same values (see ParsedLink.params).
    others.scy ??= others.encryption || 'auto';
    if (others.headerType) others.type ??= others.headerType;
    others.aid ??= '0';
  }
  return {
    link,
    protocol,
    host,
    port,
    id,
    transport,
    security,
    sni: sni || null,
    path,
    remark,
    params: others,
    format: 'uri',
    fields: uriFields(params, protocol, transport, path),
  };
}

// ---------------------------------------------------------------------------------------------
// Field checks shared by both formats.

function checkHost(raw: string, bracketsStripped: boolean): string {
  let host = raw.trim();
  if (host === '') throw new ShareLinkError(M.badHost, 'missing');
  if (!bracketsStripped && host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (isIPv4(host) || isIPv6(host)) return host;
  // Internationalised names are checked in their ASCII (punycode) form.
  const ascii = /^[\x21-\x7E]+$/.test(host) ? host : domainToASCII(host);
  if (!ascii || !isHostname(ascii)) throw new ShareLinkError(M.badHost, host);
  return host;
}

function checkPort(raw: unknown): number {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,5}$/.test(text)) throw new ShareLinkError(M.badPort, text || 'missing');
  const port = Number(text);
  if (port < 1 || port > 65535) throw new ShareLinkError(M.badPort, text);
  return port;
}

function checkId(raw: string): string {
  const id = raw.trim();
  if (!UUID.test(id)) throw new ShareLinkError(M.badId, id ? 'not a UUID' : 'missing');
  return id.toLowerCase();
}

function checkTransport(raw: string): string {
  const t = raw.toLowerCase();
  if (!TRANSPORT_SET.has(t)) throw new ShareLinkError(M.badTransport, t);
  return t;
}

function checkSecurity(raw: string): Security {
  if (raw === 'none' || raw === 'tls' || raw === 'reality') return raw;
  // v2rayN writes "xtls" for old XTLS links; they are TLS on the wire.
  if (raw === 'xtls') return 'tls';
  throw new ShareLinkError(M.badSecurity, raw);
}
