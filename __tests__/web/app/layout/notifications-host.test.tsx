// Notifications (docs/product.md §4, §9): at most 6, newest first, 10 s each, the timer paused while hovered,
// a click dismisses; status Success, Error or Notify (the default).
import { act, fireEvent, screen } from '@testing-library/react';
import { notified, type NotifyInput } from '../../../../src/lib/state';
import { renderWithProviders } from '../../support/render';

const ids = ['common.yes', 'common.no', 'common.save', 'common.cancel', 'common.close', 'common.retry', 'common.loading', 'common.inProgress'];
const texts = ['بله', 'خیر', 'ذخیره', 'انصراف', 'بستن', 'تلاش دوباره', 'در حال بارگذاری…', 'در حال انجام…'];

// The toasts are a chunk of their own, loaded with the first one (docs/architecture.md §8): load it once, so each
// test's timeline starts when its notification is dispatched.
beforeAll(async () => {
  const view = await renderWithProviders(<main />);
  act(() => void view.store.dispatch(notified({ message: 'common.save' })));
  await screen.findByTestId('notification');
  view.unmount();
});
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

async function setup() {
  const view = await renderWithProviders(<main />);
  const notify = (input: NotifyInput) => act(() => void view.store.dispatch(notified(input)));
  const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
  return { ...view, notify, advance, toasts: () => screen.queryAllByTestId('notification') };
}

describe('notifications host', () => {
  it('keeps at most 6, newest first', async () => {
    const { notify, toasts } = await setup();
    ids.forEach((message) => notify({ message }));
    expect(toasts().map((t) => t.textContent)).toEqual(texts.slice(2).reverse());
  });

  it('removes each after 10 seconds', async () => {
    const { notify, advance, toasts } = await setup();
    notify({ message: 'common.save' });
    advance(4000);
    notify({ message: 'common.yes' });
    advance(5999);
    expect(toasts()).toHaveLength(2);
    advance(1);
    expect(toasts().map((t) => t.textContent)).toEqual(['بله']);
    advance(4000);
    expect(toasts()).toHaveLength(0);
  });

  it('pauses the timer while hovered and resumes with the time that was left', async () => {
    const { notify, advance, toasts } = await setup();
    notify({ message: 'common.save' });
    advance(4000);
    fireEvent.mouseEnter(toasts()[0]);
    advance(30_000);
    expect(toasts()).toHaveLength(1);
    fireEvent.mouseLeave(toasts()[0]);
    advance(5999);
    expect(toasts()).toHaveLength(1);
    advance(1);
    expect(toasts()).toHaveLength(0);
  });

  it('dismisses on click', async () => {
    const { notify, toasts } = await setup();
    notify({ message: 'common.save' });
    notify({ message: 'common.yes' });
    fireEvent.click(screen.getByText('ذخیره'));
    expect(toasts().map((t) => t.textContent)).toEqual(['بله']);
  });

  it('shows the status: Success, Error, and Notify by default', async () => {
    const { notify, store, toasts } = await setup();
    notify({ message: 'common.save', status: 'Success' });
    notify({ message: 'common.no', status: 'Error' });
    notify({ message: 'common.yes' });
    expect(store.getState().notifications.items.map((n) => n.status)).toEqual(['Notify', 'Error', 'Success']);
    const [notifyToast, errorToast, successToast] = toasts();
    expect(notifyToast).toHaveClass('MuiAlert-colorInfo');
    expect(errorToast).toHaveClass('MuiAlert-colorError');
    expect(successToast).toHaveClass('MuiAlert-colorSuccess');
  });

  it('shows one toast for the same message repeated at once', async () => {
    const { notify, toasts } = await setup();
    notify({ message: 'common.save', status: 'Error' });
    notify({ message: 'common.save', status: 'Error' });
    expect(toasts()).toHaveLength(1);
  });
});
