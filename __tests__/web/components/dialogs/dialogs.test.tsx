// docs/product.md §4 "Mutating dialogs": idle → submitting (in-progress label) → success (toast, close) or
// error (toast, stays open); invalid forms send nothing; a server 400 lands on the fields.
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import * as yup from 'yup';
import { ConfirmDialog, FormDialog } from '../../../../src/components/dialogs';
import { TextInput } from '../../../../src/components/form';
import { V } from '../../../../src/contract';
import { renderWithProviders } from '../../support/render';

function deferred<T = unknown>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function ConfirmHarness({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onClose={() => setOpen(false)}
      titleId="auth.signOut.title"
      messageId="auth.signOut.confirm"
      onConfirm={onConfirm}
      successMessageId="common.save"
      errorMessageId="auth.signOut.error"
    />
  );
}

describe('ConfirmDialog', () => {
  it('shows the in-progress label, then toasts and closes on success', async () => {
    const call = deferred();
    const { user } = await renderWithProviders(<ConfirmHarness onConfirm={() => call.promise} />);
    await user.click(screen.getByRole('button', { name: 'بله' }));
    expect(screen.getByRole('button', { name: 'در حال انجام…' })).toBeDisabled();
    call.resolve({ success: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('ذخیره')).toBeInTheDocument();
  });

  it('toasts the error and stays open on failure', async () => {
    const { user } = await renderWithProviders(<ConfirmHarness onConfirm={() => Promise.reject({ status: 500, message: 'x' })} />);
    await user.click(screen.getByRole('button', { name: 'بله' }));
    expect(await screen.findByText('هنگام خروج از حساب خطایی رخ داد')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'بله' })).toBeEnabled();
  });
});

const schema = yup.object({ name: yup.string().trim().required(V.required) });

function FormHarness({ onSubmit }: { onSubmit: (v: { name: string }) => Promise<unknown> }) {
  const [open, setOpen] = useState(true);
  return (
    <FormDialog
      open={open}
      onClose={() => setOpen(false)}
      titleId="account.changePassword.title"
      schema={schema}
      defaultValues={{ name: '' }}
      onSubmit={onSubmit}
      successMessageId="account.changePassword.success"
      errorMessageId="account.changePassword.error"
    >
      <TextInput name="name" labelId="account.userInfo.fullName" />
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('sends nothing while invalid and says checkInput', async () => {
    const onSubmit = jest.fn();
    const { user } = await renderWithProviders(<FormHarness onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('لطفا اطلاعات وارد شده را بررسی کنید')).toBeInTheDocument();
    expect(screen.getByText('این فیلد الزامی است')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts a server 400 on its field, toasts, and stays open', async () => {
    const { user } = await renderWithProviders(
      <FormHarness onSubmit={() => Promise.reject({ status: 409, message: 'x', code: 'CONFLICT', errors: { name: V.taken } })} />,
    );
    await user.type(screen.getByLabelText('نام و نام خانوادگی'), 'ali');
    await user.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('این مقدار قبلا استفاده شده است')).toBeInTheDocument();
    expect(screen.getByText('تغییر رمز عبور ممکن نشد')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('submits the values, shows the in-progress label, then toasts and closes', async () => {
    const call = deferred();
    const onSubmit = jest.fn(() => call.promise);
    const { user } = await renderWithProviders(<FormHarness onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('نام و نام خانوادگی'), '  ali  ');
    await user.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'ali' });
    expect(await screen.findByRole('button', { name: 'در حال انجام…' })).toBeDisabled();
    call.resolve(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('رمز عبور با موفقیت تغییر کرد')).toBeInTheDocument();
  });
});
