// The generic error screen of docs/product.md §2/§8: 'An Error Occured' with dashboard and reload buttons.
// Both buttons load the page afresh, so it also works outside the router (the error boundary).
// Its title is the page's h1; outside the shell (an unknown address) it is the page's main landmark.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FormattedMessage } from 'react-intl';
import { ErrorState } from '@/components/feedback/error-state';
import { PATHS } from '@/lib/routing';
import { useInShell } from '../layout/shell-context';
import { useRemoveShellPaint } from '@/boot/shell-paint';

export function ErrorView({ notFound = false }: { notFound?: boolean }) {
  useRemoveShellPaint();
  const inShell = useInShell();
  return (
    <Box component={inShell ? 'div' : 'main'}>
      <ErrorState
        minHeight="70vh"
        titleComponent="h1"
        titleId={notFound ? 'errorPage.notFoundTitle' : 'errorPage.title'}
        descriptionId={notFound ? 'errorPage.notFoundDescription' : 'errorPage.description'}
        actions={
          <>
            <Button variant="contained" href={PATHS.dashboard}>
              <FormattedMessage id="errorPage.dashboard" />
            </Button>
            <Button variant="outlined" onClick={() => window.location.reload()}>
              <FormattedMessage id="errorPage.reload" />
            </Button>
          </>
        }
      />
    </Box>
  );
}
