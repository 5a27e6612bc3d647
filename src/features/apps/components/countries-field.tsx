// selectedCountries / blockedCountries: a searchable multiple choice over the country list, stored
// in the form as the comma-separated codes the server takes ('IR,DE').
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { splitCountryCodes, type CountryDto } from '../../../contract';
import { countryName } from '../../../lib/i18n';
import { selectLocale, useAppSelector } from '../../../lib/state';
import { useField } from '../../../components/form';

/** What the field shows of a GET apps/countries entry (a code not in the list is shown as itself). */
type CountryChoice = Pick<CountryDto, 'id' | 'code' | 'name' | 'flagUrl'>;

export interface CountriesFieldProps {
  name: string;
  labelId: string;
  countries: readonly CountryChoice[];
  disabled?: boolean;
}

function Flag({ country }: { country: CountryChoice }) {
  return <Box component="img" src={country.flagUrl} alt="" loading="lazy" sx={{ width: 20, height: 14, objectFit: 'cover', borderRadius: 0.5 }} />;
}

export function CountriesField({ name, labelId, countries, disabled }: CountriesFieldProps) {
  const { field, hasError, errorText, intl } = useField(name);
  const locale = useAppSelector(selectLocale);
  const nameOf = (c: CountryChoice) => countryName(c, locale);
  const byCode = useMemo(() => new Map(countries.map((c) => [c.code, c])), [countries]);
  const selected = useMemo(
    () => splitCountryCodes(typeof field.value === 'string' ? field.value : '').map((code) => byCode.get(code) ?? { id: -1, code, name: code, flagUrl: '' }),
    [field.value, byCode],
  );

  return (
    <Autocomplete
      multiple
      disabled={disabled}
      options={countries as CountryChoice[]}
      value={selected}
      filterSelectedOptions
      isOptionEqualToValue={(a, b) => a.code === b.code}
      getOptionLabel={(c) => `${nameOf(c)} (${c.code})`}
      onChange={(_e, value) => field.onChange(value.map((c) => c.code).join(','))}
      onBlur={field.onBlur}
      renderOption={({ key, ...props }, c) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
          {c.flagUrl && <Flag country={c} />}
          <bdi>{nameOf(c)}</bdi>
          <Box component="bdi" dir="ltr" sx={{ color: 'text.secondary', marginInlineStart: 'auto' }}>
            {c.code}
          </Box>
        </Box>
      )}
      renderValue={(value, getItemProps) =>
        value.map((c, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={<bdi dir="ltr">{c.code}</bdi>} title={nameOf(c)} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField {...params} inputRef={field.ref} label={intl.formatMessage({ id: labelId })} error={hasError} helperText={errorText} />
      )}
    />
  );
}
