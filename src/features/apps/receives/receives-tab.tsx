// The "what the app receives" tab of /app/{appId} (docs/product.md §7 "Mobile apps"): the answer of the mobile apps' config
// call (apps/client/config) for a chosen operator and language, decoded, as the app would see it
// (profile links only for role_id 1; the server sends none to anyone else), and the history of the
// config: when it changed and by which action. Read fresh every time the tab opens.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { Ltr } from '@/components/ltr';
import { LOCALES, OPERATORS, type ClientConfigPreview, type Locale, type Operator } from '@/contract';
import { useGetClientConfigPreviewQuery } from '../api';

/** Tables whose changes bump the config version, as the history names them ("table:op"). */
const SOURCES = [
  'apps',
  'app_settings',
  'ad_settings',
  'app_versions',
  'servers',
  'server_apps',
  'profiles',
  'operator_settings',
  'privacy_policy',
  'app_bundle_keys',
  'app_bundle_settings',
  'migration',
];
const OPS = ['insert', 'update', 'delete'];

export function ReceivesTab({ appId }: { appId: number }) {
  const [operator, setOperator] = useState<Operator | ''>('');
  const [lang, setLang] = useState<Locale>('fa');
  const query = useGetClientConfigPreviewQuery({ appId, operator: operator || undefined, lang }, { refetchOnMountOrArgChange: true });

  let body;
  if (query.isError && !query.data) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <LoadingState />;
  else body = <ReceivesPreview preview={query.data} />;

  return (
    <Stack spacing={2}>
      <ReceivesFilters operator={operator} lang={lang} onOperator={setOperator} onLang={setLang} />
      {body}
    </Stack>
  );
}

/** Names a history entry's "table:op" in words ("Server: changed"); anything else as it came. */
function useActionLabel() {
  const intl = useIntl();
  return (changedBy: string | null) => {
    const [source, op] = (changedBy ?? '').split(':');
    if (!SOURCES.includes(source)) return changedBy ?? '';
    const what = intl.formatMessage({ id: `apps.receives.source.${source}` });
    return OPS.includes(op) ? intl.formatMessage({ id: `apps.receives.op.${op}` }, { what }) : what;
  };
}

interface ReceivesFiltersProps {
  operator: Operator | '';
  lang: Locale;
  onOperator: (operator: Operator | '') => void;
  onLang: (lang: Locale) => void;
}

/** The operator and language the config call is asked for. */
function ReceivesFilters({ operator, lang, onOperator, onLang }: ReceivesFiltersProps) {
  const intl = useIntl();
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
      <TextField
        select
        size="small"
        label={intl.formatMessage({ id: 'apps.receives.operator' })}
        value={operator}
        onChange={(e) => onOperator(e.target.value as Operator | '')}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">
          <FormattedMessage id="apps.receives.allOperators" />
        </MenuItem>
        {OPERATORS.map((o) => (
          <MenuItem key={o} value={o}>
            <FormattedMessage id={`apps.receives.operator.${o}`} />
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={intl.formatMessage({ id: 'apps.receives.lang' })}
        value={lang}
        onChange={(e) => onLang(e.target.value as Locale)}
        sx={{ minWidth: 140 }}
      >
        {LOCALES.map((l) => (
          <MenuItem key={l} value={l}>
            <FormattedMessage id={`apps.receives.lang.${l}`} />
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/** The loaded preview: the keys warning, the config's version, the answer and the history. */
function ReceivesPreview({ preview }: { preview: ClientConfigPreview }) {
  const intl = useIntl();
  const action = useActionLabel();
  const { keysMissing, config, version, history } = preview;
  return (
    <Stack spacing={2}>
      {keysMissing && (
        <Alert severity="warning">
          <FormattedMessage id="apps.receives.keysMissing" />
        </Alert>
      )}
      {version && (
        <Typography color="text.secondary" data-testid="receives-version">
          <FormattedMessage
            id="apps.receives.version"
            values={{
              version: version.version,
              when: intl.formatDate(version.changedAt, { dateStyle: 'medium', timeStyle: 'short' }),
              action: action(version.changedBy),
            }}
          />
        </Typography>
      )}
      {config && <ConfigAnswer config={config} />}
      <ConfigHistory history={history} />
    </Stack>
  );
}

/** The config call's answer, decoded, as the app would see it. */
function ConfigAnswer({ config }: { config: NonNullable<ClientConfigPreview['config']> }) {
  const intl = useIntl();
  const profiles = config.servers.reduce((n, s) => n + s.profiles.length, 0);
  const linksHidden = config.servers.some((s) => s.profiles.some((p) => p.link === null));
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        <FormattedMessage id="apps.receives.answer" values={{ servers: config.servers.length, profiles }} />
      </Typography>
      {linksHidden && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          <FormattedMessage id="apps.receives.linksHidden" />
        </Typography>
      )}
      <Typography
        component="pre"
        dir="ltr"
        data-testid="receives-config"
        // Scrolls on its own: reachable by keyboard, and named for screen readers.
        tabIndex={0}
        role="region"
        aria-label={intl.formatMessage({ id: 'apps.receives.configLabel' })}
        sx={{
          fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
          fontSize: 12,
          bgcolor: 'action.hover',
          borderRadius: 1,
          p: 1.5,
          m: 0,
          maxHeight: 480,
          overflow: 'auto',
          textAlign: 'start',
        }}
      >
        {JSON.stringify(config, null, 2)}
      </Typography>
    </Paper>
  );
}

/** When the config changed, and by which action. */
function ConfigHistory({ history }: { history: ClientConfigPreview['history'] }) {
  const intl = useIntl();
  const action = useActionLabel();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        <FormattedMessage id="apps.receives.history" />
      </Typography>
      <Table size="small" aria-label={intl.formatMessage({ id: 'apps.receives.history' })}>
        <TableHead>
          <TableRow>
            <TableCell>
              <FormattedMessage id="apps.receives.col.version" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="apps.receives.col.when" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="apps.receives.col.action" />
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.map((h, i) => (
            <TableRow key={`${h.version}-${i}`}>
              <TableCell>
                <Ltr>{intl.formatNumber(h.version)}</Ltr>
              </TableCell>
              <TableCell>{intl.formatDate(h.changedAt, { dateStyle: 'medium', timeStyle: 'medium' })}</TableCell>
              <TableCell>{action(h.changedBy)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
