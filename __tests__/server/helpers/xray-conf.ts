// What current Xray-core refuses in a client config, read from its config loader (infra/conf:
// StreamConfig, TLSConfig, KCPConfig, SplitHTTPConfig, VLESS and VMess outbounds), for the tests
// of the `xray` export: no Xray binary is installed here (Debian ships none), so its rules are
// checked as written. Answers the first refusal, in Xray's words, or null.
type Json = Record<string, any>;

const NETWORKS = new Set(['raw', 'tcp', 'xhttp', 'splithttp', 'kcp', 'mkcp', 'grpc', 'ws', 'websocket', 'httpupgrade']);
const REMOVED_NETWORKS = new Set(['h2', 'h3', 'http', 'quic']);
const FLOWS = new Set(['', 'xtls-rprx-vision', 'xtls-rprx-vision-udp443']);
const XHTTP_MODES = new Set(['', 'auto', 'packet-up', 'stream-up', 'stream-one']);
const MKCP_HEADERS = new Set(['dns', 'dtls', 'srtp', 'utp', 'wechat', 'wireguard']);

function streamRefusal(s: Json): string | null {
  const network = String(s.method ?? s.network ?? 'raw').toLowerCase();
  if (REMOVED_NETWORKS.has(network)) return `The feature ${network} transport has been removed`;
  if (!NETWORKS.has(network)) return `unknown transport protocol: ${network}`;
  const security = String(s.security ?? '').toLowerCase();
  if (security === 'xtls') return 'The feature Legacy XTLS has been removed';
  if (!['', 'none', 'tls', 'reality'].includes(security)) return `Unknown security "${security}".`;
  if (security === 'tls' && s.tlsSettings?.allowInsecure) return 'The feature "allowInsecure" has been removed';
  if (security === 'reality') {
    if (!['raw', 'tcp', 'xhttp', 'splithttp', 'grpc'].includes(network)) return 'REALITY only supports RAW, XHTTP and gRPC for now.';
    if (!s.realitySettings) return 'REALITY: Empty "realitySettings".';
    if (!s.realitySettings.publicKey && !s.realitySettings.password) return 'REALITY: empty "password"';
  }
  if (s.kcpSettings && (s.kcpSettings.header !== undefined || s.kcpSettings.seed !== undefined)) return 'The feature mkcp header & seed has been removed';
  for (const mask of s.finalmask?.udp ?? []) {
    if (mask.type === 'mkcp-legacy' && mask.settings?.header && !MKCP_HEADERS.has(String(mask.settings.header).toLowerCase()))
      return `invalid header ${mask.settings.header}`;
  }
  const xhttp = s.xhttpSettings ?? s.splithttpSettings;
  if (xhttp) {
    const mode = xhttp.extra?.mode ?? xhttp.mode ?? '';
    if (!XHTTP_MODES.has(mode)) return `unsupported mode: ${mode}`;
    if (Object.keys(xhttp.headers ?? {}).some((k) => k.toLowerCase() === 'host')) return '"headers" can\'t contain "host"';
  }
  if (Object.keys(s.httpupgradeSettings?.headers ?? {}).some((k) => k.toLowerCase() === 'host')) return '"headers" can\'t contain "host"';
  return null;
}

/** The first thing current Xray-core refuses in `config`'s outbounds, or null. */
export function xrayRefusal(config: Json): string | null {
  for (const o of config.outbounds ?? []) {
    if (o.streamSettings) {
      const refusal = streamRefusal(o.streamSettings);
      if (refusal) return refusal;
    }
    for (const user of (o.settings?.vnext ?? []).flatMap((v: Json) => v.users ?? [])) {
      if (o.protocol === 'vless') {
        if (!FLOWS.has(user.flow ?? '')) return `VLESS users: "flow" doesn't support "${user.flow}" in this version`;
        if (!user.encryption) return 'VLESS users: please add/set "encryption":"none" for every user';
      }
    }
  }
  return null;
}
