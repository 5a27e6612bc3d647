// vmess://base64(JSON) with the v2rayN fields v, ps, add, port, id, aid, scy, net, type, host,
// path, tls, sni, alpn, fp.
import { SHARE_LINK_MESSAGES as M } from '../../../../src/contract';
import {
  asText,
  checkHost,
  checkId,
  checkPort,
  checkSecurity,
  checkTransport,
  compactFields,
  decodeBase64,
  ShareLinkError,
  TRUE,
  type LinkFields,
  type ParsedLink,
} from './parts';

export function parseVmess(link: string, payload: string): ParsedLink {
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
