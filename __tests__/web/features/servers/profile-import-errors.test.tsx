// The import tab's refusal of a big file: the server names the first failing rows (at most 100
// errors) and counts them all (`failedRows`); the tab lists those it got and says how many more
// rows failed, in English and in Persian (with Persian digits).
import { fireEvent, screen, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { useFakeServer } from '../../support/fake-server';
import { SERVER, serveProfilePage } from './support';

const server = useFakeServer();
// Whole-app renders are heavy on a shared 2-core machine.
jest.setTimeout(60_000);

const refusal = (failedRows?: number) => ({
  status: 400,
  body: {
    message: 'x',
    code: 'VALIDATION_FAILED',
    errors: { csvFile: 'validation.checkInput' },
    rows: [
      { row: 1, field: 'name', reason: 'validation.profileName' },
      { row: 1, field: 'protocol', reason: 'validation.oneOf' },
      { row: 2, field: 'address', reason: 'shareLink.protocolMismatch' },
    ],
    ...(failedRows === undefined ? {} : { failedRows }),
  },
});

async function upload(locale: 'fa' | 'en', failedRows?: number) {
  server.on('POST', 'apps/group/addProfiles', refusal(failedRows));
  serveProfilePage(server);
  const { user } = await renderApp({ route: `/servers/${SERVER.id}?tab=import`, token: 'tok', locale });
  fireEvent.change(await screen.findByTestId('csv-input'), { target: { files: [new File(['address,name,protocol,type\n'], 'p.csv', { type: 'text/csv' })] } });
  await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Upload' : 'بارگذاری' }));
  return screen.findByTestId('csv-row-errors');
}

it('lists the rows it got and says how many more rows failed, in English', async () => {
  const list = await upload('en', 100_000);
  expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  // 100,000 failed, rows 1 and 2 are listed
  expect(screen.getByTestId('csv-more-rows')).toHaveTextContent('…and 99,998 more rows with problems');
});

it('says it in Persian, with Persian digits', async () => {
  await upload('fa', 100_000);
  expect(screen.getByTestId('csv-more-rows')).toHaveTextContent(`… و ${new Intl.NumberFormat('fa').format(99_998)} سطر دیگر با خطا`);
});

it('says "1 more row" for one', async () => {
  await upload('en', 3);
  expect(screen.getByTestId('csv-more-rows')).toHaveTextContent('…and 1 more row with problems');
});

it('says nothing more when every failing row is listed', async () => {
  await upload('en', 2);
  expect(screen.queryByTestId('csv-more-rows')).not.toBeInTheDocument();
});
