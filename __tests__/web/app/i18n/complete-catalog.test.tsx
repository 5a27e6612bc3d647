// The features' catalogue opens the signed-in shell and its page (RequireCompleteCatalog). That
// render is the page's largest, so the provider opens it in a transition of its own once the
// catalogue has loaded, never in a render another update happens to start while the catalogue is
// already in memory (on a stored-session load the core catalogue's re-render landed in the
// same tick and rendered the whole page in one task). The loader is mocked so the test decides when
// the catalogue counts as loaded and when its promise resolves.
import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { Messages } from '../../../../src/lib/i18n';

const core: Messages = { 'app.title': 'core' };
const all: Messages = { ...core, 'servers.profiles.title': 'all' };
let complete = false;
let hold = false; // the setup's own preload (web/setup.ts) resolves at once
let finishLoading: () => void = () => undefined;

jest.mock('../../../../src/app/i18n/messages', () => ({
  loadedMessages: () => (complete ? all : core),
  isCatalogComplete: () => complete,
  loadCoreMessages: () => Promise.resolve(core),
  loadMessages: () =>
    hold
      ? new Promise<Messages>((resolve) => {
          finishLoading = () => resolve(all);
        })
      : Promise.resolve(all),
}));

// imported after the mock
import { I18nProvider, RequireCompleteCatalog } from '../../../../src/app/i18n/i18n-provider';
import { setupStore } from '../../../../src/app/store';

let bump: () => void = () => undefined;
function Parent() {
  const [n, setN] = useState(0);
  bump = () => setN(n + 1);
  return (
    <I18nProvider key="provider">
      <span data-testid="renders">{n}</span>
      <RequireCompleteCatalog fallback={<p>waiting</p>}>
        <p>page</p>
      </RequireCompleteCatalog>
    </I18nProvider>
  );
}

/** Renders the provider and its page under a real store. */
async function mountParent() {
  const { store } = setupStore();
  await act(async () => {
    render(
      <Provider store={store}>
        <Parent />
      </Provider>,
    );
  });
}

describe('I18nProvider and RequireCompleteCatalog', () => {
  beforeEach(() => {
    complete = false;
    hold = true;
  });

  it('opens the page only through its own update once the catalogue has loaded, not in a render another update starts', async () => {
    await mountParent();
    expect(screen.getByText('waiting')).toBeTruthy();

    // the catalogue is in memory, but its load has not been answered to the provider yet
    complete = true;
    await act(async () => bump());
    expect(screen.getByTestId('renders').textContent).toBe('1');
    expect(screen.queryByText('page')).toBeNull();
    expect(screen.getByText('waiting')).toBeTruthy();

    await act(async () => finishLoading());
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('shows the page at once when the catalogue was complete before the provider mounted (the hand-over after sign-in)', async () => {
    complete = true;
    await mountParent();
    expect(screen.getByText('page')).toBeTruthy();
  });
});
