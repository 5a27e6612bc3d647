// Form fields: English-only by default and Persian-only where asked (a refused change is reverted
// with a toast), password show/hide, number attributes, and the time-step buttons.
import { fireEvent, screen } from '@testing-library/react';
import * as yup from 'yup';
import { Form, NumberField, PasswordField, PersianTextField, TextInput, TimeStepField } from '../../../../src/components/form';
import { renderWithProviders } from '../../support/render';

type Values = Record<string, unknown>;

function harness(children: React.ReactNode, defaults: Values, onSubmit = jest.fn()) {
  const schema = yup.object(Object.fromEntries(Object.keys(defaults).map((k) => [k, yup.mixed().nullable()]))) as yup.ObjectSchema<Values>;
  return renderWithProviders(
    <Form schema={schema} defaultValues={defaults} onSubmit={onSubmit}>
      {children}
      <button type="submit">submit</button>
    </Form>,
  );
}

describe('text fields', () => {
  it('English-only by default: a Persian character is refused, the value kept, and a toast explains', async () => {
    const { user } = await harness(<TextInput name="name" labelId="auth.login.password" />, { name: '' });
    const input = screen.getByLabelText('رمز عبور');
    await user.type(input, 'ab');
    expect(input).toHaveValue('ab');
    fireEvent.change(input, { target: { value: 'abس' } });
    expect(input).toHaveValue('ab');
    expect(await screen.findByText('فقط حروف انگلیسی، اعداد و کاراکترهای خاص مجاز است')).toBeInTheDocument();
    await user.type(input, '1-_@!');
    expect(input).toHaveValue('ab1-_@!');
  });

  it('Persian-only: Latin letters are refused with "Only persian characters are allowed"', async () => {
    const { user } = await renderWithProviders(
      <Form schema={yup.object({ family: yup.string() })} defaultValues={{ family: '' }} onSubmit={jest.fn()}>
        <PersianTextField name="family" labelId="auth.login.password" />
      </Form>,
      { locale: 'en' },
    );
    const input = screen.getByLabelText('Password');
    await user.type(input, 'رضایی ۲');
    expect(input).toHaveValue('رضایی ۲');
    fireEvent.change(input, { target: { value: 'رضایی ۲x' } });
    expect(input).toHaveValue('رضایی ۲');
    expect(await screen.findByText('Only persian characters are allowed')).toBeInTheDocument();
  });

  it('a password field shows and hides its value', async () => {
    const { user } = await harness(<PasswordField name="password" labelId="auth.login.password" />, { password: '' });
    const input = screen.getByLabelText('رمز عبور');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'نمایش رمز عبور' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'پنهان کردن رمز عبور' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('a number field has min and step, and stores numbers (empty = null)', async () => {
    const onSubmit = jest.fn();
    const { user } = await harness(<NumberField name="appVersion" labelId="common.save" min={0} step={0.01} />, { appVersion: 1 }, onSubmit);
    const input = screen.getByLabelText('ذخیره');
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('step', '0.01');
    await user.clear(input);
    await user.type(input, '2.5');
    await user.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ appVersion: 2.5 }, expect.anything());
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ appVersion: null }, expect.anything());
  });
});

describe('time-step field', () => {
  it('steps by one hour and by thirty minutes and never goes below 0', async () => {
    const onSubmit = jest.fn();
    const { user } = await harness(<TimeStepField name="limit" labelId="common.save" />, { limit: 1800 }, onSubmit);
    const submitted = async () => {
      await user.click(screen.getByRole('button', { name: 'submit' }));
      return onSubmit.mock.lastCall[0].limit;
    };
    await user.click(screen.getByRole('button', { name: '+ ۱ ساعت' }));
    expect(await submitted()).toBe(5400);
    // the value and the seconds hint in Persian digits, as Intl formats them
    expect(screen.getByText('۱ ساعت و ۳۰ دقیقه')).toBeInTheDocument();
    expect(screen.getByText('۵٬۴۰۰ ثانیه')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ ۳۰ دقیقه' }));
    expect(await submitted()).toBe(7200);
    await user.click(screen.getByRole('button', { name: '− ۱ ساعت' }));
    await user.click(screen.getByRole('button', { name: '− ۳۰ دقیقه' }));
    expect(await submitted()).toBe(1800);
    await user.click(screen.getByRole('button', { name: '− ۱ ساعت' }));
    expect(await submitted()).toBe(0);
    expect(screen.getByRole('button', { name: '− ۳۰ دقیقه' })).toBeDisabled();
  });
});
