// The parts both forms of a share link share (share-links/index.ts parses them): the readable form,
// the refusal, base64 and text helpers, and the checks of each field.
import { domainToASCII } from 'node:url';
import { SHARE_LINK_MESSAGES as M, isHostname, isIPv4, isIPv6, type LinkSecurity, type Protocol, type ShareLinkMessageId } from '../../../../src/contract';
import { ReasonError } from '../reason-error';

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

export const TRUE = new Set(['1', 'true']);

const BASE64 = /^[A-Za-z0-9+/]*$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Standard or URL-safe base64, with or without padding, whitespace ignored. */
export function decodeBase64(text: string): string {
  let s = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  s = s.replace(/=+$/, '');
  if (s.length === 0 || !BASE64.test(s) || s.length % 4 === 1) throw new ShareLinkError(M.badBase64);
  try {
    return utf8.decode(Buffer.from(s, 'base64'));
  } catch {
    throw new ShareLinkError(M.badBase64, 'not UTF-8');
  }
}

export function asText(v: unknown): string {
  if (v == null) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  // An object member (Marzban writes xhttp `extra` as one) is kept as its JSON text.
  if (typeof v === 'object') return JSON.stringify(v);
  return '';
}

export const compactFields = (f: LinkFields): LinkFields => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as LinkFields;

export function checkHost(raw: string, bracketsStripped: boolean): string {
  let host = raw.trim();
  if (host === '') throw new ShareLinkError(M.badHost, 'missing');
  if (!bracketsStripped && host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (isIPv4(host) || isIPv6(host)) return host;
  // Internationalised names are checked in their ASCII (punycode) form.
  const ascii = /^[\x21-\x7E]+$/.test(host) ? host : domainToASCII(host);
  if (!ascii || !isHostname(ascii)) throw new ShareLinkError(M.badHost, host);
  return host;
}

export function checkPort(raw: unknown): number {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,5}$/.test(text)) throw new ShareLinkError(M.badPort, text || 'missing');
  const port = Number(text);
  if (port < 1 || port > 65535) throw new ShareLinkError(M.badPort, text);
  return port;
}

export function checkId(raw: string): string {
  const id = raw.trim();
  if (!UUID.test(id)) throw new ShareLinkError(M.badId, id ? 'not a UUID' : 'missing');
  return id.toLowerCase();
}

export function checkTransport(raw: string): string {
  const t = raw.toLowerCase();
  if (!TRANSPORT_SET.has(t)) throw new ShareLinkError(M.badTransport, t);
  return t;
}

export function checkSecurity(raw: string): Security {
  if (raw === 'none' || raw === 'tls' || raw === 'reality') return raw;
  // v2rayN writes "xtls" for old XTLS links; they are TLS on the wire.
  if (raw === 'xtls') return 'tls';
  throw new ShareLinkError(M.badSecurity, raw);
}
