// The filter controls a page declared: search boxes (debounced) and selects with an "all" choice.
import { useEffect, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useIntl } from 'react-intl';
import type { DataTableFilter, SearchFilter, SelectFilter } from './types';
import { filterValueOf } from './rows';

export const SEARCH_DEBOUNCE_MS = 300;

interface FilterBarProps<R> {
  filters: readonly DataTableFilter<R>[];
  values: Record<string, string>;
  onChange: (key: string, value: string) => void;
}

function SearchBox<R>({ filter, value, onChange }: { filter: SearchFilter<R>; value: string; onChange: (v: string) => void }) {
  const intl = useIntl();
  const [text, setText] = useState(value);
  // A value changed from outside (cleared, or set from the address) replaces what is typed.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return undefined;
    const timer = setTimeout(() => onChange(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <TextField
      size="small"
      type="search"
      value={text}
      onChange={(e) => setText(e.target.value)}
      label={intl.formatMessage({ id: filter.labelId })}
      sx={{ minWidth: 220, flex: '1 1 220px', maxWidth: 360 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

function SelectBox<R>({ filter, value, onChange }: { filter: SelectFilter<R>; value: string; onChange: (v: string) => void }) {
  const intl = useIntl();
  return (
    <TextField
      select
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      label={intl.formatMessage({ id: filter.labelId })}
      sx={{ minWidth: 160 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {filter.allowAll !== false && <MenuItem value="">{intl.formatMessage({ id: 'dataTable.filter.all' })}</MenuItem>}
      {filter.options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.labelId ? intl.formatMessage({ id: o.labelId }) : o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function FilterBar<R>({ filters, values, onChange }: FilterBarProps<R>) {
  return (
    <>
      {filters.map((filter) =>
        filter.kind === 'search' ? (
          <SearchBox key={filter.key} filter={filter} value={filterValueOf(filter, values)} onChange={(v) => onChange(filter.key, v)} />
        ) : (
          <SelectBox key={filter.key} filter={filter} value={filterValueOf(filter, values)} onChange={(v) => onChange(filter.key, v)} />
        ),
      )}
    </>
  );
}
