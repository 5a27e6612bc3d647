// A country flag from the server's flag route (GET flags/{code}.svg); decorative next to a name or code. The one
// flag of the panel: the country pickers, the server list and the server pages all use it.
import { API_PREFIX } from '@/contract';
import { apiUrl } from '@/lib/api';

/** `/api/v1/flags/ir.svg` as sent by the server, resolved against the API origin. */
export function flagSrc(url: string): string {
  const prefix = `${API_PREFIX}/`;
  return url.startsWith(prefix) ? apiUrl(url.slice(prefix.length)) : url;
}

export function Flag({ url, size = 20 }: { url: string; size?: number }) {
  return (
    <img
      src={flagSrc(url)}
      alt=""
      width={Math.round(size * 1.33)}
      height={size}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,0.12)', flexShrink: 0 }}
    />
  );
}
