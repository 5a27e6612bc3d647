// The one country picker (docs/product.md §3 Country): an Autocomplete over GET apps/countries, searchable by
// name (the UI language's or English) or code, best match first (country-search.ts), each option with its flag. Two bindings share it:
// `CountryField` holds one country's id (the server form's countryId), `CountriesField` a
// comma-separated list of codes (an app's selectedCountries / blockedCountries, as the server takes them).
import Autocomplete, { type AutocompleteProps, type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useMemo, type HTMLAttributes, type Key, type ReactNode } from 'react';
import type { IntlShape } from 'react-intl';
import { splitCountryCodes, type CountryDto } from '@/contract';
import { countryName } from '@/lib/i18n';
import { selectLocale, useAppSelector } from '@/lib/state';
import { useField } from '../form';
import { Ltr } from '../ltr';
import { Flag } from './flag';
import { searchCountries } from './country-search';

/** What a picker shows of a country (a stored code missing from the list is shown as itself). */
export type CountryChoice = Pick<CountryDto, 'id' | 'code' | 'name' | 'flagUrl'>;

/** The Autocomplete props both bindings share: labels, search, option rendering, texts. */
function useCountryOptions(intl: IntlShape) {
  const locale = useAppSelector(selectLocale);
  return useMemo(() => {
    const nameOf = (c: CountryChoice) => countryName(c, locale);
    return {
      getOptionLabel: (c: CountryChoice) => `${nameOf(c)} (${c.code})`,
      // An exact code or name first, then the names that start with the text, then the rest.
      filterOptions: (options: CountryChoice[], { inputValue }: { inputValue: string }) => searchCountries(options, inputValue, nameOf),
      renderOption: ({ key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key }, c: CountryChoice) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          {c.flagUrl && <Flag url={c.flagUrl} />}
          <bdi>{nameOf(c)}</bdi>
          <Box component="span" sx={{ color: 'text.secondary', marginInlineStart: 'auto' }}>
            <Ltr>{c.code}</Ltr>
          </Box>
        </Box>
      ),
      noOptionsText: intl.formatMessage({ id: 'common.country.none' }),
      loadingText: intl.formatMessage({ id: 'common.loading' }),
      nameOf,
    } satisfies Partial<AutocompleteProps<CountryChoice, boolean, false, false>> & { nameOf: unknown };
  }, [locale, intl]);
}

type FieldState = Pick<ReturnType<typeof useField>, 'field' | 'intl' | 'hasError' | 'errorText'> & { labelId: string; hintId?: string };

/** The text box of both pickers: label, error or hint, and (single choice) the chosen country's flag. */
function renderCountryInput(params: AutocompleteRenderInputParams, { field, intl, labelId, hintId, hasError, errorText }: FieldState, flag?: ReactNode) {
  return (
    <TextField
      {...params}
      inputRef={field.ref}
      label={intl.formatMessage({ id: labelId })}
      error={hasError}
      helperText={errorText ?? (hintId ? intl.formatMessage({ id: hintId }) : undefined)}
      slotProps={flag ? { ...params.slotProps, input: { ...params.slotProps.input, startAdornment: flag } } : params.slotProps}
    />
  );
}

interface CommonProps {
  /** The form field's name. */
  name: string;
  labelId: string;
  /** Message id of a hint under the field (shown while there is no error). */
  hintId?: string;
  countries: readonly CountryChoice[];
  loading?: boolean;
  disabled?: boolean;
}

/** One country, stored as its id; `onPicked` hears the whole country (the server form fills its flag from it). */
export function CountryField({
  name,
  labelId,
  hintId,
  countries,
  loading,
  disabled,
  onPicked,
}: CommonProps & { onPicked?: (c: CountryChoice | null) => void }) {
  const { field, hasError, errorText, intl } = useField(name);
  const { nameOf: _nameOf, ...shared } = useCountryOptions(intl);
  const value = useMemo(() => countries.find((c) => c.id === field.value) ?? null, [countries, field.value]);
  return (
    <Autocomplete
      {...shared}
      options={countries as CountryChoice[]}
      value={value}
      loading={loading}
      disabled={disabled}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, next) => {
        field.onChange(next?.id);
        onPicked?.(next);
      }}
      onBlur={field.onBlur}
      renderInput={(params) =>
        renderCountryInput(params, { field, intl, labelId, hintId, hasError, errorText }, value ? <Flag url={value.flagUrl} /> : undefined)
      }
    />
  );
}

/** Several countries, stored as comma-separated codes ('IR,DE'). */
export function CountriesField({ name, labelId, hintId, countries, loading, disabled }: CommonProps) {
  const { field, hasError, errorText, intl } = useField(name);
  const { nameOf, ...shared } = useCountryOptions(intl);
  const byCode = useMemo(() => new Map(countries.map((c) => [c.code, c])), [countries]);
  const selected = useMemo(
    () => splitCountryCodes(typeof field.value === 'string' ? field.value : '').map((code) => byCode.get(code) ?? { id: -1, code, name: code, flagUrl: '' }),
    [field.value, byCode],
  );
  return (
    <Autocomplete
      {...shared}
      multiple
      options={countries as CountryChoice[]}
      value={selected}
      loading={loading}
      disabled={disabled}
      filterSelectedOptions
      isOptionEqualToValue={(a, b) => a.code === b.code}
      onChange={(_e, value) => field.onChange(value.map((c) => c.code).join(','))}
      onBlur={field.onBlur}
      renderValue={(value, getItemProps) =>
        value.map((c, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={<bdi dir="ltr">{c.code}</bdi>} title={nameOf(c)} {...itemProps} />;
        })
      }
      renderInput={(params) => renderCountryInput(params, { field, intl, labelId, hintId, hasError, errorText })}
    />
  );
}
