// Format checks of addresses, URLs and sizes, shared by the request schemas and the server. No Node
// built-ins, so the panel can use them too.

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function isIPv4(v: string): boolean {
  return IPV4.test(v);
}

/** RFC 4291 text forms, including `::` compression and a trailing embedded IPv4. Zone ids are refused. */
export function isIPv6(v: string): boolean {
  if (v.length < 2 || v.length > 45 || !/^[0-9A-Fa-f:.]+$/.test(v)) return false;
  let body = v;
  const lastColon = v.lastIndexOf(':');
  const tail = v.slice(lastColon + 1);
  if (tail.includes('.')) {
    // An embedded IPv4 address stands for the last two 16-bit groups.
    if (lastColon < 0 || !isIPv4(tail)) return false;
    body = v.slice(0, lastColon + 1) + '0:0';
  }
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const valid = (g: string[]) => g.every((x) => /^[0-9A-Fa-f]{1,4}$/.test(x));
  const halves = body.split('::');
  if (halves.length > 2) return false;
  if (halves.length === 2) {
    const a = groups(halves[0]);
    const b = groups(halves[1]);
    return valid(a) && valid(b) && a.length + b.length <= 7;
  }
  const all = body.split(':');
  return all.length === 8 && valid(all);
}

export const isIpAddress = (v: string): boolean => isIPv4(v) || isIPv6(v);

const HOST_LABEL = /^[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$/;

/** A DNS name (ASCII; underscores tolerated as real-world hosts use them) with at most 253 characters. */
export function isHostname(v: string): boolean {
  const name = v.endsWith('.') ? v.slice(0, -1) : v;
  if (name.length === 0 || name.length > 253) return false;
  const labels = name.split('.');
  // An all-numeric dotted name must be a valid IPv4 address, not a hostname.
  if (labels.every((l) => /^\d+$/.test(l))) return false;
  return labels.every((l) => HOST_LABEL.test(l));
}

export const isHostOrIp = (v: string): boolean => isIpAddress(v) || isHostname(v);

/** An absolute http(s) URL. */
export function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** UTF-8 byte length, the unit of the size limits. */
export function utf8Length(v: string): number {
  return new TextEncoder().encode(v).length;
}
