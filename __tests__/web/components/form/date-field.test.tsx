// DateField (MUI X DatePicker): the Persian calendar in Persian and the Gregorian one in English,
// typed section by section as a user does, always handing the form a Gregorian ISO date; an
// impossible day and a day after today are refused by the user schema's birthdate rule. In Persian
// the field and the open calendar show Persian digits and the weekday initials.
import { screen, waitFor, within } from '@testing-library/react';
import * as yup from 'yup';
import { DateField, Form } from '../../../../src/components/form';
import { userCreateSchema, V, type Locale } from '../../../../src/contract';
import shellFa from '../../../../src/app/i18n/lang/fa.json';
import { renderWithProviders } from '../../support/render';
import { faIR as faJalali } from 'date-fns-jalali/locale/fa-IR';
import { PersianDigitsJalaliAdapter } from '../../../../src/components/form/fields/persian-date-adapter';

const birthdateOnly = yup.object({ birthdate: userCreateSchema.fields.birthdate as yup.StringSchema });

async function harness(initial: string, locale: Locale = 'fa') {
  const onSubmit = jest.fn();
  const view = await renderWithProviders(
    <Form schema={birthdateOnly} defaultValues={{ birthdate: initial }} onSubmit={onSubmit}>
      <DateField name="birthdate" labelId="users.fields.birthdate" disableFuture />
      <button type="submit">submit</button>
    </Form>,
    { locale },
  );
  const sections = () => within(screen.getByRole('group')).getAllByRole('spinbutton');
  /** Each part typed into its own section, in the order the field shows them. */
  const typeDate = async (...parts: string[]) => {
    for (const [i, part] of parts.entries()) {
      await view.user.click(sections()[i]);
      await view.user.keyboard(part);
    }
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'submit' }));
  return { ...view, onSubmit, sections, typeDate, submit };
}

describe('DateField', () => {
  it('in Persian: year, month and day of the Persian calendar, sent as the Gregorian ISO date', async () => {
    const { sections, typeDate, submit, onSubmit } = await harness('');
    expect(sections().map((s) => s.getAttribute('aria-label'))).toEqual(['سال', 'ماه', 'روز']);
    await typeDate('1369', '02', '27');
    expect(sections().map((s) => s.textContent)).toEqual(['۱۳۶۹', '۰۲', '۲۷']);
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ birthdate: '1990-05-17' });
  });

  it('shows a stored Gregorian date in the Persian calendar', async () => {
    const { sections } = await harness('1992-03-14');
    expect(sections().map((s) => s.textContent)).toEqual(['۱۳۷۰', '۱۲', '۲۴']);
  });

  it('takes digits typed on a Persian keyboard', async () => {
    const { sections, typeDate, submit, onSubmit } = await harness('');
    await typeDate('۱۳۶۹', '۰۲', '۲۷');
    expect(sections().map((s) => s.textContent)).toEqual(['۱۳۶۹', '۰۲', '۲۷']);
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ birthdate: '1990-05-17' });
  });

  const openCalendar = async (view: Awaited<ReturnType<typeof harness>>, name: RegExp) => {
    await view.user.click(screen.getByRole('button', { name }));
    const dialog = await screen.findByRole('dialog');
    return Object.assign(within(dialog), { dialog });
  };
  const LATIN = /[0-9]/;

  it('in Persian the open calendar speaks Persian digits and weekday initials', async () => {
    const view = await harness('1992-03-14');
    const calendar = await openCalendar(view, /تاریخ را انتخاب کنید/);
    // the weekday header, Saturday first: the initials, not `ش 1 2 3 4 5 ج`
    const header = calendar.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(header).toEqual(['ش', 'ی', 'د', 'س', 'چ', 'پ', 'ج']);
    // the days of Esfand 1370, in Persian digits, the stored day selected
    const days = calendar
      .getAllByRole('gridcell')
      .filter((cell) => cell.textContent)
      .map((cell) => cell.textContent);
    expect(days.slice(0, 3)).toEqual(['۱', '۲', '۳']);
    expect(days).toContain('۲۹');
    expect(calendar.getByRole('gridcell', { selected: true })).toHaveTextContent('۲۴');
    // the month and year above them
    expect(calendar.getByText(/^اسفند ۱۳۷۰$/)).toBeInTheDocument();
    expect(calendar.dialog.textContent ?? '').not.toMatch(LATIN);
    // the year view
    await view.user.click(calendar.getByRole('button', { name: /نمای سال|year view/i }));
    const years = calendar.getAllByRole('radio').map((year) => year.textContent);
    expect(years).toContain('۱۳۷۰');
    expect(years.join(' ')).not.toMatch(LATIN);
  });

  it('in English the open calendar is left as it was: Latin digits, S M T W T F S', async () => {
    const view = await harness('1992-03-14', 'en');
    const calendar = await openCalendar(view, /choose date/i);
    expect(calendar.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['S', 'M', 'T', 'W', 'T', 'F', 'S']);
    expect(calendar.getByRole('gridcell', { selected: true })).toHaveTextContent(/^14$/);
    expect(calendar.getByText('March 1992')).toBeInTheDocument();
  });

  it('in English: the Gregorian calendar, month first', async () => {
    const { sections, typeDate, submit, onSubmit } = await harness('', 'en');
    expect(sections().map((s) => s.getAttribute('aria-label'))).toEqual(['Month', 'Day', 'Year']);
    await typeDate('05', '17', '1990');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ birthdate: '1990-05-17' });
  });

  it.each([
    ['a day the calendar does not have (30 Esfand of a common year)', ['1400', '12', '30'], V.checkInput],
    ['a day after today', ['1499', '01', '01'], V.futureDate],
  ])('refuses %s', async (_label, parts, messageId) => {
    const { typeDate, submit, onSubmit } = await harness('');
    await typeDate(...parts);
    await submit();
    await waitFor(() => expect(screen.getByRole('group')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('group').parentElement).toHaveTextContent((shellFa as Record<string, string>)[messageId]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends an empty birthdate as empty after clearing the field', async () => {
    const { sections, submit, onSubmit, user } = await harness('1990-05-17');
    await user.click(sections()[0]);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].birthdate ?? '').toBe('');
  });
});

describe('PersianDigitsJalaliAdapter', () => {
  const adapter = new PersianDigitsJalaliAdapter({ locale: faJalali });
  const day = new Date(1992, 2, 14, 9, 5, 7);

  it('writes days, months, years and times in Persian digits', () => {
    expect(adapter.format(day, 'dayOfMonth')).toBe('۲۴');
    expect(adapter.format(day, 'year')).toBe('۱۳۷۰');
    expect(adapter.format(day, 'keyboardDate')).toBe('۱۳۷۰/۱۲/۲۴');
    expect(adapter.format(day, 'fullTime24h')).toBe('۰۹:۰۵');
    expect(adapter.formatByString(day, 'ss')).toBe('۰۷');
    expect(adapter.formatNumber('12')).toBe('۱۲');
  });

  it('reads Persian, Arabic-Indic and Latin digits alike', () => {
    for (const text of ['۱۳۷۰/۱۲/۲۴', '١٣٧٠/١٢/٢٤', '1370/12/24']) {
      expect(adapter.parse(text, 'yyyy/MM/dd')).toEqual(new Date(1992, 2, 14));
    }
  });
});
