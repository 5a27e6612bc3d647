// The URI form (vless, and vmess as Xray and v2rayN export it too):
// scheme://uuid@host:port[/]?type=…&security=…&sni=…&path=…#remark (values percent-encoded).
// An IPv6 host is written in brackets; a bare one (`2001:db8::1:443`) is ambiguous and refused.
import { SHARE_LINK_MESSAGES as M, isIPv6, type Protocol } from '../../../../src/contract';
import {
  checkHost,
  checkId,
  checkPort,
  checkSecurity,
  checkTransport,
  compactFields,
  LINK_FIELDS,
  ShareLinkError,
  TRUE,
  type LinkFields,
  type ParsedLink,
} from './parts';

export function isUriForm(rest: string): boolean {
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

export function parseUri(link: string, rest: string, protocol: Protocol): ParsedLink {
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
