// A technical cell (device model, package name, link, IP, id): laid out left to right in its own
// isolate, so in a Persian page a value that does not fit loses its end ("Redmi Not…"), not its
// start, and the whole value is one hover away in the browser's tooltip (`title`: no component per
// cell, so long lists stay as fast as before).
import type { ReactNode } from 'react';
import { useTheme } from '@mui/material/styles';

export function LtrCell({ value }: { value: ReactNode }) {
  // short values sit at the column's start, like every other cell of the page's direction
  const textAlign = useTheme().direction === 'rtl' ? 'right' : 'left';
  if (value === null || value === undefined || value === '') return null;
  return (
    <bdi
      dir="ltr"
      title={typeof value === 'string' || typeof value === 'number' ? String(value) : undefined}
      style={{ unicodeBidi: 'isolate', display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%', textAlign }}
    >
      {value}
    </bdi>
  );
}
