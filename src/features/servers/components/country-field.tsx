// The country choice of the server form: an Autocomplete over the ~248 countries of
// GET apps/countries, searchable by name (the UI language's or English) or code, each option with its flag. Bound to `countryId`.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useField } from '../../../components/form';
import { Ltr } from '../../../components/ltr';
import { countryName } from '../../../lib/i18n';
import { selectLocale, useAppSelector } from '../../../lib/state';
import type { Country } from '../types';
import { Flag } from './flag';

export function CountryField({ countries, loading, onPicked }: { countries: Country[]; loading: boolean; onPicked?: (c: Country | null) => void }) {
  const { field, hasError, errorText, intl } = useField('countryId');
  const locale = useAppSelector(selectLocale);
  const nameOf = (c: Country) => countryName(c, locale);
  const value = useMemo(() => countries.find((c) => c.id === field.value) ?? null, [countries, field.value]);
  return (
    <Autocomplete
      options={countries}
      value={value}
      loading={loading}
      onChange={(_e, next) => {
        field.onChange(next?.id);
        onPicked?.(next);
      }}
      onBlur={field.onBlur}
      getOptionLabel={(c) => `${nameOf(c)} (${c.code})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options, { inputValue }) => {
        const q = inputValue.trim().toLowerCase();
        if (!q) return options;
        return options.filter((c) => nameOf(c).toLowerCase().includes(q) || c.name.toLowerCase().includes(q) || c.code.toLowerCase() === q || c.code.toLowerCase().startsWith(q));
      }}
      renderOption={(props, c) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <Flag url={c.flagUrl} />
            <span>{nameOf(c)}</span>
            <Box component="span" sx={{ color: 'text.secondary', marginInlineStart: 'auto' }}>
              <Ltr>{c.code}</Ltr>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={intl.formatMessage({ id: 'servers.fields.country' })}
          error={hasError}
          helperText={errorText ?? intl.formatMessage({ id: 'servers.form.countryHint' })}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              startAdornment: value ? <Flag url={value.flagUrl} /> : undefined,
            },
          }}
        />
      )}
      noOptionsText={intl.formatMessage({ id: 'servers.form.noCountry' })}
      loadingText={intl.formatMessage({ id: 'common.loading' })}
    />
  );
}
