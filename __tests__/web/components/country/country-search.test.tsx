// The country picker's search: an exact code or exact name (in either language) comes
// first, then names that start with the text, then the rest; what matches is unchanged. Typed into
// the server form's picker over the same world list the server seeds (countries-and-timezones,
// sorted by English name as GET apps/countries answers it).
import { screen, within } from '@testing-library/react';
import * as yup from 'yup';
import { getAllCountries } from 'countries-and-timezones';
import { CountryField, type CountryChoice } from '../../../../src/components/country';
import { searchCountries } from '../../../../src/components/country/country-search';
import { Form } from '../../../../src/components/form';
import type { Locale } from '../../../../src/contract';
import { renderWithProviders } from '../../support/render';

const byName = new Intl.Collator('en', { sensitivity: 'base' });
const COUNTRIES: CountryChoice[] = Object.values(getAllCountries())
  .map((c, i) => ({ id: i + 1, code: c.id, name: c.name, flagUrl: '' }))
  .sort((a, b) => byName.compare(a.name, b.name));

async function picker(locale: Locale) {
  const view = await renderWithProviders(
    <Form schema={yup.object({ countryId: yup.number() })} defaultValues={{ countryId: undefined }} onSubmit={jest.fn()}>
      <CountryField name="countryId" labelId="servers.fields.country" countries={COUNTRIES} />
    </Form>,
    { locale },
  );
  /** The offered countries' codes, in order, after typing `text`. */
  const offers = async (text: string) => {
    const box = screen.getByRole('combobox');
    await view.user.clear(box);
    await view.user.type(box, text);
    const list = await screen.findByRole('listbox');
    return within(list)
      .getAllByRole('option')
      .map((o) => o.textContent!.slice(-2));
  };
  return { ...view, offers };
}

describe('country search', () => {
  it('in English: US and NL offer the United States and the Netherlands first', async () => {
    const { offers } = await picker('en');
    const us = await offers('US');
    expect(us[0]).toBe('US');
    // the rest still match as before: Australia, Austria, Belarus… contain "us"
    expect(us).toEqual(expect.arrayContaining(['AU', 'AT', 'BY', 'RU']));
    expect((await offers('NL'))[0]).toBe('NL');
    expect((await offers('nl')).slice(1)).toContain('FI');
  });

  it('in Persian: هلند offers the Netherlands first, then names that start with it', async () => {
    const { offers } = await picker('fa');
    const holland = await offers('هلند');
    expect(holland[0]).toBe('NL');
    expect(holland.indexOf('BQ')).toBeGreaterThan(0); // جزایر کارائیب هلند still matches, after
    // a code and the English name work in Persian too
    expect((await offers('US'))[0]).toBe('US');
    expect((await offers('netherlands'))[0]).toBe('NL');
  });
});

describe('searchCountries', () => {
  const nameOf = (c: CountryChoice) => c.name;
  const codes = (q: string) => searchCountries(COUNTRIES, q, nameOf).map((c) => c.code);

  it('puts an exact match first, then names starting with the text, then the rest, each in list order', () => {
    const united = codes('united');
    expect(united.slice(0, 4).sort()).toEqual(['AE', 'GB', 'UM', 'US']);
    const ger = codes('ger');
    expect(ger[0]).toBe('DE'); // Germany starts with it
    expect(ger.indexOf('DZ')).toBeGreaterThan(0); // Algeria contains it, later
    expect(codes('iran')[0]).toBe('IR');
  });

  it('keeps what matches: a code by its start, a name anywhere; blank is everything', () => {
    expect(codes('i').length).toBeGreaterThan(10);
    expect(codes('zz')).toEqual([]);
    expect(codes('  ')).toHaveLength(COUNTRIES.length);
  });
});
