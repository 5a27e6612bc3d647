// Technical values (IPs, links, keys, user names, package names) keep left-to-right order inside
// RTL pages (docs/architecture.md §4).
import type { ReactNode } from 'react';

export function Ltr({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" style={{ unicodeBidi: 'isolate' }}>
      {children}
    </bdi>
  );
}
