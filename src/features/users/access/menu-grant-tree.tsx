// The menu tree of a role's permissions page (docs/product.md §6): one checkbox per menu item, indented under its
// parent, labelled in the UI language with its route in left-to-right text.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { MenuItem } from '@/contract';
import { Ltr } from '@/components/ltr';
import { selectLocale, useAppSelector } from '@/lib/state';

interface MenuGrantTreeProps {
  items: readonly MenuItem[];
  checked: ReadonlySet<number>;
  onToggle: (item: MenuItem, checked: boolean) => void;
  depth?: number;
}

export function MenuGrantTree({ items, checked, onToggle, depth = 0 }: MenuGrantTreeProps) {
  const locale = useAppSelector(selectLocale);
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, paddingInlineStart: depth ? 3 : 0 }}>
      {items.map((item) => (
        <li key={item.id}>
          <FormControlLabel
            control={<Checkbox size="small" checked={checked.has(item.id)} onChange={(_e, value) => onToggle(item, value)} />}
            label={
              <>
                {locale === 'fa' ? item.pName : item.enName}{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  <Ltr>{item.route}</Ltr>
                </Typography>
              </>
            }
          />
          {(item.children?.length ?? 0) > 0 && <MenuGrantTree items={item.children} checked={checked} onToggle={onToggle} depth={depth + 1} />}
        </li>
      ))}
    </Box>
  );
}
