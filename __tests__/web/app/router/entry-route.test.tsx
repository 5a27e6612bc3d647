// The entry route never shows a Suspense fallback: its page chunk is loaded by the router before
// the route renders. (A fallback, once shown, makes React hold the page back for 300 ms.)
import { screen } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { useFakeServer } from '../../support/fake-server';

useFakeServer();

/** Every element with role=progressbar (the loading spinner) that was ever added to the document. */
function watchSpinners() {
  const seen: Element[] = [];
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      r.addedNodes.forEach((n) => {
        if (n instanceof Element) seen.push(...(n.matches('[role="progressbar"]') ? [n] : []), ...n.querySelectorAll('[role="progressbar"]'));
      });
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return { seen, stop: () => observer.disconnect() };
}

describe('the entry route', () => {
  it.each(['/', '/login'])('renders the sign-in form at %s without a loading fallback first', async (route) => {
    const spinners = watchSpinners();
    await renderApp({ route });
    expect(await screen.findByRole('button', { name: 'ورود' })).toBeInTheDocument();
    spinners.stop();
    expect(spinners.seen).toHaveLength(0);
  });
});
