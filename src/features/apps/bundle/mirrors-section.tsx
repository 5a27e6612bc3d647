// The bundle mirrors of /app/{appId}, for role_id 1 (docs/product.md §7 "Mobile apps"): the git remotes the
// signed bundle is published to, each with its state (the version last published and when, the
// remote's last error; paused while the app is inactive), and add, edit, delete, "publish now" and "test". The token is write-only:
// the panel never receives it, and editing leaves it as it is unless a new one is typed.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog, FormDialog, useSubmitAction } from '@/components/dialogs';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { PasswordField, TextInput } from '@/components/form';
import { Ltr } from '@/components/ltr';
import { MIRRORS_MAX, mirrorCreateSchema, mirrorUpdateSchema, type MirrorDto, type MirrorTestResult } from '@/contract/mirrors';
import { useDeleteMirrorMutation, useGetMirrorsQuery, usePublishMirrorMutation, useSaveMirrorMutation, useTestMirrorMutation } from '../api';

const mono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
/** While a publish is awaited, the list is asked again this often. */
const POLL_MS = 5_000;

interface FormValues {
  url: string;
  branch: string;
  path: string;
  token: string;
}

function MirrorDialog({ appId, mirror, onClose }: { appId: number; mirror: MirrorDto | null; onClose: () => void }) {
  const [save] = useSaveMirrorMutation();
  const defaults: FormValues = mirror
    ? { url: mirror.url, branch: mirror.branch, path: mirror.path, token: '' }
    : { url: '', branch: 'main', path: 'bundle.json', token: '' };
  return (
    <FormDialog<FormValues>
      open
      onClose={onClose}
      titleId={mirror ? 'apps.mirrors.editTitle' : 'apps.mirrors.add'}
      schema={(mirror ? mirrorUpdateSchema : mirrorCreateSchema) as never}
      defaultValues={defaults}
      onSubmit={({ url, branch, path, token }) =>
        save({ appId, id: mirror?.id, body: { kind: 'git', url, branch, path, ...(token ? { token } : {}) } as never }).unwrap()
      }
      successMessageId="apps.mirrors.saved"
      errorMessageId="apps.mirrors.saveError"
    >
      <TextInput
        name="url"
        labelId="apps.mirrors.url"
        ltr
        required
        placeholder="https://github.com/owner/repo.git"
        helperText={<FormattedMessage id="apps.mirrors.urlHint" />}
      />
      <TextInput name="branch" labelId="apps.mirrors.branch" ltr required />
      <TextInput name="path" labelId="apps.mirrors.path" ltr required />
      <PasswordField
        name="token"
        labelId="apps.mirrors.token"
        required={!mirror}
        autoComplete="new-password"
        helperText={<FormattedMessage id={mirror ? 'apps.mirrors.tokenKeep' : 'apps.mirrors.tokenHint'} />}
      />
    </FormDialog>
  );
}

function MirrorCard({ appId, mirror, onEdit, onDelete }: { appId: number; mirror: MirrorDto; onEdit: () => void; onDelete: () => void }) {
  const intl = useIntl();
  const [tested, setTested] = useState<MirrorTestResult | null>(null);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5 }}
      component="article"
      aria-label={intl.formatMessage({ id: 'apps.mirrors.cardLabel' }, { id: mirror.id })}
      data-testid={`mirror-${mirror.id}`}
    >
      <Stack spacing={1}>
        <MirrorSummary mirror={mirror} />
        <MirrorAlerts mirror={mirror} tested={tested} onCloseTested={() => setTested(null)} />
        <MirrorActions appId={appId} mirror={mirror} onTested={setTested} onEdit={onEdit} onDelete={onDelete} />
      </Stack>
    </Paper>
  );
}

/** Formats a mirror's moment (published, attempted, next attempt) as a date and time. */
function useWhen() {
  const intl = useIntl();
  return (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A mirror's remote with its state, where in it the bundle goes, and the version last published there. */
function MirrorSummary({ mirror }: { mirror: MirrorDto }) {
  const intl = useIntl();
  const when = useWhen();
  const upToDate = mirror.publishedVersion === mirror.currentVersion && !mirror.requested;
  const state = !mirror.appActive ? 'paused' : mirror.lastError ? 'failing' : upToDate ? 'upToDate' : 'pending';
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="subtitle2" component="h3" sx={{ fontFamily: mono, overflowWrap: 'anywhere' }}>
          <Ltr>{mirror.url}</Ltr>
        </Typography>
        <Chip
          size="small"
          color={state === 'failing' ? 'error' : state === 'upToDate' ? 'success' : state === 'paused' ? 'warning' : 'default'}
          label={intl.formatMessage({ id: `apps.mirrors.state.${state}` })}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="apps.mirrors.where" values={{ branch: <Ltr>{mirror.branch}</Ltr>, path: <Ltr>{mirror.path}</Ltr> }} />
      </Typography>
      <Typography variant="body2">
        {mirror.publishedVersion !== null && mirror.publishedAt ? (
          <FormattedMessage
            id="apps.mirrors.published"
            values={{ version: mirror.publishedVersion, when: when(mirror.publishedAt), current: mirror.currentVersion }}
          />
        ) : (
          <FormattedMessage id="apps.mirrors.never" values={{ current: mirror.currentVersion }} />
        )}
      </Typography>
    </>
  );
}

/** Paused while the app is inactive, the remote's last error, and the answer of the last "test". */
function MirrorAlerts({ mirror, tested, onCloseTested }: { mirror: MirrorDto; tested: MirrorTestResult | null; onCloseTested: () => void }) {
  const when = useWhen();
  return (
    <>
      {!mirror.appActive && (
        <Alert severity="warning">
          <FormattedMessage id="apps.mirrors.pausedInactive" />
        </Alert>
      )}
      {mirror.lastError && (
        <Alert severity="error">
          <FormattedMessage
            id="apps.mirrors.lastError"
            values={{ when: mirror.attemptedAt ? when(mirror.attemptedAt) : '', failures: mirror.failures, next: when(mirror.nextAttemptAt) }}
          />
          <RemoteText>{mirror.lastError}</RemoteText>
        </Alert>
      )}
      {tested && (
        <Alert severity={tested.ok ? 'success' : 'error'} onClose={onCloseTested}>
          <FormattedMessage id={tested.ok ? (tested.branchExists ? 'apps.mirrors.testOk' : 'apps.mirrors.testOkNoBranch') : 'apps.mirrors.testFailed'} />
          {tested.message && <RemoteText>{tested.message}</RemoteText>}
        </Alert>
      )}
    </>
  );
}

interface MirrorActionsProps {
  appId: number;
  mirror: MirrorDto;
  /** Receives the answer of a "test" that ran. */
  onTested: (result: MirrorTestResult | null) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** A mirror's buttons: publish now, test, edit, delete. */
function MirrorActions({ appId, mirror, onTested, onEdit, onDelete }: MirrorActionsProps) {
  const [publish] = usePublishMirrorMutation();
  const [test] = useTestMirrorMutation();
  const publishing = useSubmitAction({ successMessageId: 'apps.mirrors.publishAsked', errorMessageId: 'apps.mirrors.publishError' });
  const testing = useSubmitAction<{ data?: MirrorTestResult }>({ errorMessageId: 'apps.mirrors.testError' });
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }} useFlexGap>
      <Button
        size="small"
        disabled={publishing.submitting || !mirror.appActive}
        onClick={() => void publishing.run(() => publish({ appId, id: mirror.id }).unwrap()).catch(() => undefined)}
      >
        <FormattedMessage id={publishing.submitting ? 'common.inProgress' : 'apps.mirrors.publish'} />
      </Button>
      <Button
        size="small"
        disabled={testing.submitting}
        onClick={() =>
          void testing
            .run(() => test({ appId, id: mirror.id }).unwrap())
            .then(
              (r) => onTested(r.data ?? null),
              () => undefined,
            )
        }
      >
        <FormattedMessage id={testing.submitting ? 'apps.mirrors.testing' : 'apps.mirrors.test'} />
      </Button>
      <Button size="small" onClick={onEdit}>
        <FormattedMessage id="apps.mirrors.edit" />
      </Button>
      <Button size="small" color="error" onClick={onDelete}>
        <FormattedMessage id="apps.mirrors.delete" />
      </Button>
    </Stack>
  );
}

export function MirrorsSection({ appId }: { appId: number }) {
  const [poll, setPoll] = useState(false);
  const mirrors = useGetMirrorsQuery(appId, { pollingInterval: poll ? POLL_MS : 0 });
  const [remove] = useDeleteMirrorMutation();
  const [editing, setEditing] = useState<MirrorDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MirrorDto | null>(null);
  const waiting = (mirrors.data ?? []).some((m) => m.appActive && (m.requested || (m.publishedVersion !== m.currentVersion && !m.lastError)));
  // Polls while a publication is on its way (the query's interval is set from what it last answered).
  if (poll !== waiting) setPoll(waiting);

  let body;
  if (mirrors.isError && !mirrors.data) body = <ErrorState error={mirrors.error} onRetry={() => void mirrors.refetch()} />;
  else if (!mirrors.data) body = <LoadingState />;
  else if (!mirrors.data.length)
    body = (
      <Typography variant="body2">
        <FormattedMessage id="apps.mirrors.none" />
      </Typography>
    );
  else
    body = (
      <Stack spacing={1.5} data-testid="mirrors">
        {mirrors.data.map((m) => (
          <MirrorCard key={m.id} appId={appId} mirror={m} onEdit={() => setEditing(m)} onDelete={() => setDeleting(m)} />
        ))}
      </Stack>
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} component="section" aria-labelledby={`mirrors-section-${appId}`}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }} useFlexGap>
          <Typography id={`mirrors-section-${appId}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            <FormattedMessage id="apps.mirrors.title" />
          </Typography>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={!mirrors.data || mirrors.data.length >= MIRRORS_MAX}>
            <FormattedMessage id="apps.mirrors.add" />
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="apps.mirrors.intro" />
        </Typography>
        {body}
      </Stack>
      {editing && <MirrorDialog appId={appId} mirror={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        titleId="apps.mirrors.deleteTitle"
        messageId="apps.mirrors.deleteMessage"
        values={{ url: `\u2066${deleting?.url ?? ''}\u2069` }}
        confirmLabelId="apps.mirrors.delete"
        cancelLabelId="common.cancel"
        destructive
        onConfirm={() => remove({ appId, id: deleting!.id }).unwrap()}
        successMessageId="apps.mirrors.deleted"
        errorMessageId="apps.mirrors.deleteError"
      />
    </Paper>
  );
}

/** What the remote said (git's words, left to right, as written). */
function RemoteText({ children }: { children: string }) {
  return (
    <Typography
      component="pre"
      dir="ltr"
      sx={{ fontFamily: mono, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0, mt: 0.5, textAlign: 'start' }}
    >
      {children}
    </Typography>
  );
}
