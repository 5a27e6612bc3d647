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
  isIPv6,
  type LinkWarningId,
  type Protocol,
  type ShareLinkMessageId,
} from '../../../../src/contract';
import { asText, decodeBase64, ShareLinkError, type ParsedLink } from './parts';
import { isUriForm, parseUri } from './uri';
import { parseVmess } from './vmess';

export { LINK_FIELDS, ShareLinkError, TRANSPORTS, type LinkField, type LinkFields, type ParsedLink, type Security } from './parts';

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

/** The ASCII (punycode) form of a server name for a core's config; IP addresses and ASCII names as they are. */
export function asciiHost(host: string): string {
  if (!/[^ -~]/.test(host) || isIPv6(host)) return host;
  return domainToASCII(host) || host;
}

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
