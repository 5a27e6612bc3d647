// DateField (MUI X DatePicker): the Persian calendar in Persian and the Gregorian one in English,
// typed section by section as a user does, always handing the form a Gregorian ISO date; an
// impossible day and a day after today are refused by the user schema's birthdate rule.
import { screen, waitFor, within } from '@testing-library/react';
import * as yup from 'yup';
import { DateField, Form } from '../../../../src/components/form';
import { userCreateSchema, V, type Locale } from '../../../../src/contract';
import shellFa from '../../../../src/app/i18n/lang/fa.json';
import { renderWithProviders } from '../../support/render';

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
    expect(sections().map((s) => s.textContent)).toEqual(['1369', '02', '27']);
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ birthdate: '1990-05-17' });
  });

  it('shows a stored Gregorian date in the Persian calendar', async () => {
    const { sections } = await harness('1992-03-14');
    expect(sections().map((s) => s.textContent)).toEqual(['1370', '12', '24']);
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
