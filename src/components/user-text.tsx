// A value a person or a phone typed (a name, a username, an email, a version, a model): it keeps its
// own direction inside any page, so "Speed C++" never reads "++Speed C" in Persian and a Persian name
// never reorders in English. The direction comes from the value's first strong letter (`dir="auto"`)
// inside an isolate (docs/architecture.md §4). `truncate` cuts a value that does not fit at its own
// end, in its own direction ("Speed VPN Pr…", never "…PN Premium"), with the whole value one hover
// away (`title`). Technical values that are always left to right (links, keys, IPs, JSON) use Ltr.
import type { CSSProperties, ReactNode } from 'react';

const ISOLATE: CSSProperties = { unicodeBidi: 'isolate' };
const TRUNCATED: CSSProperties = {
  unicodeBidi: 'isolate',
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
};

export function UserText({ children, truncate = false, block = false }: { children: ReactNode; truncate?: boolean; block?: boolean }) {
  if (children === null || children === undefined || children === '') return null;
  const title = truncate && (typeof children === 'string' || typeof children === 'number') ? String(children) : undefined;
  const style = truncate ? (block ? { ...TRUNCATED, display: 'block' } : TRUNCATED) : ISOLATE;
  return (
    <bdi dir="auto" title={title} style={style} data-user-text="">
      {children}
    </bdi>
  );
}
