// Importing a file whose addresses the server already has: the server refuses it with the count
// (409 DUPLICATE_PROFILES), the tab asks with that count, and "skip duplicates" sends the file again
// with duplicates=skip and says how many were imported and skipped; in Persian with Persian digits.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { json, useFakeServer, type FakeRequest } from '../../support/fake-server';
import { SERVER, serveProfilePage } from './support';

const server = useFakeServer();
jest.setTimeout(60_000);

const sent: (string | null)[] = [];
function importRoute(req: FakeRequest) {
  const choice = (req.body as FormData).get('duplicates') as string | null;
  sent.push(choice);
  if (!choice) return { status: 409, body: { message: 'x', code: 'DUPLICATE_PROFILES', duplicateRows: 12, importRows: 15 } };
  return json({ success: true, data: choice === 'skip' ? { inserted: 3, skipped: 12 } : { inserted: 15, skipped: 0 } });
}

async function uploadTwice(locale: 'fa' | 'en') {
  sent.length = 0;
  server.on('POST', 'apps/group/addProfiles', importRoute);
  serveProfilePage(server);
  const view = await renderApp({ route: `/servers/${SERVER.id}?tab=import`, token: 'tok', locale });
  fireEvent.change(await screen.findByTestId('csv-input'), { target: { files: [new File(['address,name,protocol,type\n'], 'p.csv', { type: 'text/csv' })] } });
  await view.user.click(screen.getByRole('button', { name: locale === 'en' ? 'Upload' : 'بارگذاری' }));
  return { user: view.user, dialog: await screen.findByRole('dialog') };
}

it('asks with the count and skips the duplicates when told to', async () => {
  const { user, dialog } = await uploadTwice('en');
  expect(dialog).toHaveTextContent('Rows of this file whose address this server already has (or an earlier row of the file has): 12 of 15. Skip them?');
  expect(screen.queryByText('The upload failed')).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Skip duplicates' }));
  expect(await screen.findByText('3 profiles imported; 12 duplicate rows skipped')).toBeInTheDocument();
  expect(sent).toEqual([null, 'skip']);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it('imports them all when told to, and in Persian says the count in Persian digits', async () => {
  const { user, dialog } = await uploadTwice('fa');
  expect(dialog).toHaveTextContent('۱۲ ردیف از ۱۵ ردیف این فایل');
  await user.click(within(dialog).getByRole('button', { name: 'ورود همه' }));
  await waitFor(() => expect(sent).toEqual([null, 'import']));
});
