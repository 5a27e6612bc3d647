// The app's gate over redux-persist's rehydration (src/app/store/rehydration-gate.tsx): nothing of the
// app before the persisted state is back, and, when it already is, the app in the gate's own first
// commit, not in a second render that a layout effect sets off inside that commit (redux-persist's
// PersistGate did that: on a phone the whole shell then rendered as one long synchronous task).
import { useLayoutEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { RehydrationGate, setupStore, TOKEN_KEY, whenRehydrated } from '../../../../src/app/store';
import { selectToken } from '../../../../src/lib/state';

/** Records, in its layout effect (the commit that mounts it), whether the app's content is in the document. */
function CommitProbe({ seen }: { seen: boolean[] }) {
  useLayoutEffect(() => {
    seen.push(document.querySelector('[data-testid="app-content"]') !== null);
  }, [seen]);
  return null;
}

afterEach(() => window.localStorage.clear());

describe('RehydrationGate', () => {
  it('renders the app in its first commit when the persisted state is already back', async () => {
    const { persistor } = setupStore();
    await whenRehydrated(persistor);
    const seen: boolean[] = [];
    const renders = jest.fn();
    function Content() {
      renders();
      return <p data-testid="app-content">app</p>;
    }
    render(
      <>
        <RehydrationGate persistor={persistor}>
          <Content />
        </RehydrationGate>
        <CommitProbe seen={seen} />
      </>,
    );
    expect(seen).toEqual([true]);
    expect(renders).toHaveBeenCalledTimes(1);
  });

  it('shows nothing of the app until the stored state is back, then the app with that state', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'stored-token');
    const { store, persistor } = setupStore();
    expect(persistor.getState().bootstrapped).toBe(false);
    const tokens: (string | null)[] = [];
    function Content() {
      tokens.push(selectToken(store.getState()));
      return <p data-testid="app-content">app</p>;
    }
    render(
      <RehydrationGate persistor={persistor}>
        <Content />
      </RehydrationGate>,
    );
    expect(screen.queryByTestId('app-content')).toBeNull();
    await act(() => whenRehydrated(persistor));
    expect(await screen.findByTestId('app-content')).toBeInTheDocument();
    // the app's first render already had the stored session, never a signed-out state
    expect(tokens[0]).toBe('stored-token');
    expect(tokens.every((token) => token === 'stored-token')).toBe(true);
  });
});
