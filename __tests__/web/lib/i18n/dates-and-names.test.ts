// Dates through Intl (Persian calendar in fa, Gregorian in en) and display names by locale.
import { formatDate, formatFullDate, formatPersianTime, fullName } from '../../../../src/lib/i18n';

const nowruz = new Date('2024-03-20T12:00:00Z'); // 1 Farvardin 1403

describe('dates', () => {
  it('uses the Persian calendar with Persian digits for fa, Gregorian for en', () => {
    expect(formatDate(nowruz, 'fa')).toBe('۱ فروردین ۱۴۰۳');
    expect(formatDate(nowruz, 'en')).toBe('March 20, 2024');
    expect(formatDate(nowruz, 'fa', { dateStyle: 'long' }, 'gregorian')).toBe('۲۰ مارس ۲۰۲۴');
  });

  it('builds one formatter per locale and options, however many rows it formats', () => {
    const built = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      const days = Array.from({ length: 50 }, (_, i) => new Date(Date.UTC(2024, 2, 20 + i)));
      const fa = days.map((d) => formatDate(d, 'fa', { dateStyle: 'short' }));
      const en = days.map((d) => formatDate(d, 'en', { dateStyle: 'short' }));
      expect(built.mock.calls.length).toBeLessThanOrEqual(2);
      expect(fa[1]).toBe('۱۴۰۳/۱/۲');
      expect(en[1]).toBe('3/21/24');
    } finally {
      built.mockRestore();
    }
  });

  it('writes the full date weekday first in both calendars', () => {
    expect(formatFullDate(nowruz, 'fa', 'persian')).toBe('چهارشنبه ۱ فروردین ۱۴۰۳');
    expect(formatFullDate(nowruz, 'en', 'gregorian')).toBe('Wednesday, March 20, 2024');
    expect(formatFullDate(nowruz, 'en', 'persian')).toMatch(/^Wednesday, Farvardin 1, 1403/);
  });

  it('shows the clock in Persian digits', () => {
    expect(formatPersianTime(new Date(2024, 0, 1, 9, 5, 7))).toBe('۰۹:۰۵:۰۷');
  });

  it('gives an empty text for an invalid date', () => {
    expect(formatDate('not a date', 'fa')).toBe('');
  });
});

describe('fullName', () => {
  const person = { name: 'علی', family: 'رضایی', eName: 'Ali', eFamily: 'Rezaei' };
  it('uses name and family in fa, the English name in en', () => {
    expect(fullName(person, 'fa')).toBe('علی رضایی');
    expect(fullName(person, 'en')).toBe('Ali Rezaei');
  });
  it('falls back to the Persian name when there is no English one', () => {
    expect(fullName({ ...person, eName: null, eFamily: ' ' }, 'en')).toBe('علی رضایی');
  });
});
