// /help/api: where the API documentation is (/api/docs, in a new tab), sample admin sign-in
// credentials as placeholders (never a real password), how to call the API with a token, and for
// app developers the mobile apps' config call (how to decrypt a profile, the caching headers), the
// connection report call (a sample request) and the
// signed bundle (how an app trusts a config read from a mirror): the rule an app applies before it trusts one, checked from a shell with
// openssl or with the reference verifier scripts/verify-bundle.mjs, and where the mirrors publish it.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { FormattedMessage } from 'react-intl';
import { API_PREFIX, APP_API_KEY_HEADER, CLIENT_REPORT_MAX } from '@/contract';
import { BUNDLE_FIELDS, BUNDLE_LIFETIME_DAYS, BUNDLE_SHELL_CHECK, BUNDLE_VERIFIER_COMMAND } from '@/contract/bundle';
import { PageHeader } from '@/components/layout/page-header';
import { Ltr } from '@/components/ltr';

export const API_DOCS_PATH = '/api/docs';
/** Placeholders only: the real seeded password is never shown. */
export const SAMPLE_CREDENTIALS = { username: 'admin', password: '<your password>' } as const;

/** Where an app reads a mirror's copy: each host's raw file address. */
const MIRROR_RAW_URLS = [
  'https://raw.githubusercontent.com/<owner>/<repo>/<branch>/<path>',
  'https://gitlab.com/<owner>/<repo>/-/raw/<branch>/<path>',
  'https://codeberg.org/<owner>/<repo>/raw/branch/<branch>/<path>',
  'https://<gitea host>/<owner>/<repo>/raw/branch/<branch>/<path>',
  'https://bitbucket.org/<owner>/<repo>/raw/<branch>/<path>',
];

const mono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

function Code({ children }: { children: string }) {
  return (
    <Typography
      component="pre"
      dir="ltr"
      // it scrolls sideways: keyboard users reach it too
      tabIndex={0}
      sx={{ fontFamily: mono, fontSize: 13, bgcolor: 'action.hover', borderRadius: 1, p: 1.5, m: 0, overflowX: 'auto', textAlign: 'start', whiteSpace: 'pre' }}
    >
      {children}
    </Typography>
  );
}

function Section({ titleId, id, children }: { titleId: string; id: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 1.5 }}>
        <FormattedMessage id={titleId} />
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Paper>
  );
}

export default function ApiHelpPage() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const base = `${origin}${API_PREFIX}`;
  return (
    <>
      <PageHeader titleId="help.api.title" />
      <Stack spacing={2}>
        <DocsSection base={base} />
        <CredentialsSection />
        <SignInSection base={base} />
        <DevicesSection base={base} />
        <ConfigSection base={base} />
        <ReportSection base={base} />
        <BundleSection base={base} />
        <ErrorsSection />
      </Stack>
    </>
  );
}

/** Where the API documentation is, and the API's base address. */
function DocsSection({ base }: { base: string }) {
  return (
    <Section id="help-api-docs" titleId="help.api.docs.title">
      <Typography>
        <FormattedMessage id="help.api.docs.body" />
      </Typography>
      <Stack direction="row">
        <Button variant="contained" href={API_DOCS_PATH} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />}>
          <FormattedMessage id="help.api.docs.link" />
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="help.api.docs.base" values={{ url: <Ltr>{base}</Ltr> }} />
      </Typography>
    </Section>
  );
}

/** The sample admin sign-in: placeholders only. */
function CredentialsSection() {
  return (
    <Section id="help-api-credentials" titleId="help.api.credentials.title">
      <Typography>
        <FormattedMessage id="help.api.credentials.body" />
      </Typography>
      <Stack component="dl" spacing={0.5} sx={{ m: 0, '& dt': { color: 'text.secondary', fontSize: 14 }, '& dd': { m: 0, fontFamily: mono } }}>
        <dt>
          <FormattedMessage id="help.api.credentials.username" />
        </dt>
        <dd data-testid="sample-username">
          <Ltr>{SAMPLE_CREDENTIALS.username}</Ltr>
        </dd>
        <dt>
          <FormattedMessage id="help.api.credentials.password" />
        </dt>
        <dd data-testid="sample-password">
          <Ltr>{SAMPLE_CREDENTIALS.password}</Ltr>
        </dd>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="help.api.credentials.note" />
      </Typography>
    </Section>
  );
}

/** Signing in, then calling the API with the token. */
function SignInSection({ base }: { base: string }) {
  const signIn = [
    `curl -X POST '${base}/users/signin' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"email": "${SAMPLE_CREDENTIALS.username}", "password": "${SAMPLE_CREDENTIALS.password}"}'`,
  ].join('\n');
  const current = [`curl '${base}/users/current' \\`, `  -H 'Authorization: JWT <token>'`].join('\n');
  return (
    <Section id="help-api-signin" titleId="help.api.signIn.title">
      <Typography>
        <FormattedMessage id="help.api.signIn.body" />
      </Typography>
      <Code>{signIn}</Code>
      <Typography>
        <FormattedMessage id="help.api.signIn.token" />
      </Typography>
      <Code>{current}</Code>
    </Section>
  );
}

function DevicesSection({ base }: { base: string }) {
  const device = [
    `curl -X POST '${base}/apps/addDevice' \\`,
    `  -H 'Content-Type: application/json' -H '${APP_API_KEY_HEADER}: <app API key>' \\`,
    `  -d '{"uniqueDeviceId": "<device id>", "fcmToken": "<firebase token>"}'`,
  ].join('\n');
  return (
    <Section id="help-api-devices" titleId="help.api.devices.title">
      <Typography>
        <FormattedMessage id="help.api.devices.body" />
      </Typography>
      <Code>{device}</Code>
    </Section>
  );
}

/** The mobile apps' config call: how to decrypt a profile, the caching headers. */
function ConfigSection({ base }: { base: string }) {
  const config = [
    `curl '${base}/apps/client/config?versionCode=<build>&operator=mci&lang=fa&deviceId=<device id>' \\`,
    `  -H '${APP_API_KEY_HEADER}: <app API key>' -H 'If-None-Match: <ETag of the last answer>'`,
  ].join('\n');
  const decrypt = `printf %s "$CONFIG" | openssl enc -d -aes-256-cbc -K $(printf %s "$NEW_CORE_KEY" | xxd -p -c 256) -iv $(printf %s "$NEW_CORE_IV" | xxd -p) -base64 -A`;
  return (
    <Section id="help-api-config" titleId="help.api.config.title">
      <Typography>
        <FormattedMessage id="help.api.config.body" />
      </Typography>
      <Code>{config}</Code>
      <Typography>
        <FormattedMessage id="help.api.config.decrypt" />
      </Typography>
      <Code>{decrypt}</Code>
      <Typography>
        <FormattedMessage id="help.api.config.caching" />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="help.api.config.errors" />
      </Typography>
    </Section>
  );
}

/** The connection report call, with a sample request. */
function ReportSection({ base }: { base: string }) {
  const report = [
    `curl -X POST '${base}/apps/client/report' \\`,
    `  -H 'Content-Type: application/json' -H '${APP_API_KEY_HEADER}: <app API key>' \\`,
    `  -d '{"deviceId": "<device id>", "versionCode": 120, "operator": "mci", "reports": [`,
    `        {"profileId": 42, "ok": true, "latencyMs": 310, "at": "2026-05-01T09:30:00Z"},`,
    `        {"profileId": 43, "ok": false, "error": "timeout", "at": "2026-05-01T09:30:05Z"}]}'`,
    `# → {"data": {"accepted": 2, "rejected": 0}}`,
  ].join('\n');
  return (
    <Section id="help-api-report" titleId="help.api.report.title">
      <Typography>
        <FormattedMessage id="help.api.report.body" values={{ max: CLIENT_REPORT_MAX }} />
      </Typography>
      <Code>{report}</Code>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="help.api.report.rules" />
      </Typography>
    </Section>
  );
}

/** The signed bundle: the rule an app applies before it trusts one, how to check it, where the mirrors publish it. */
function BundleSection({ base }: { base: string }) {
  const bundle = [`curl '${base}/apps/client/bundle' \\`, `  -H '${APP_API_KEY_HEADER}: <app API key>' -o bundle.json`].join('\n');
  return (
    <Section id="help-api-bundle" titleId="help.api.bundle.title">
      <Typography>
        <FormattedMessage id="help.api.bundle.body" />
      </Typography>
      <Code>{bundle}</Code>
      <Typography>
        <FormattedMessage id="help.api.bundle.rule" />
      </Typography>
      <Box component="ol" sx={{ m: 0, paddingInlineStart: 3, '& li': { mb: 0.5, lineHeight: 1.9 } }} data-testid="bundle-rule">
        {(['signature', 'app', 'expiry', 'version'] as const).map((step) => (
          <Typography component="li" key={step}>
            <FormattedMessage id={`help.api.bundle.rule.${step}`} values={{ days: BUNDLE_LIFETIME_DAYS }} />
          </Typography>
        ))}
      </Box>
      <Typography>
        <FormattedMessage id="help.api.bundle.canonical" />
      </Typography>
      <Code>{`${BUNDLE_FIELDS.join(', ')}\n{"v":1,"app":"…","version":…,"issuedAt":"…","expiresAt":"…","apiBases":[…],"payload":"…"}`}</Code>
      <Typography>
        <FormattedMessage id="help.api.bundle.shell" />
      </Typography>
      <Code>{BUNDLE_SHELL_CHECK.join('\n')}</Code>
      <Typography>
        <FormattedMessage id="help.api.bundle.verifier" />
      </Typography>
      <Code>{BUNDLE_VERIFIER_COMMAND}</Code>
      <Typography>
        <FormattedMessage id="help.api.bundle.payload" />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="help.api.bundle.keys" />
      </Typography>
      <Typography>
        <FormattedMessage id="help.api.bundle.mirrors" />
      </Typography>
      <Code>{MIRROR_RAW_URLS.join('\n')}</Code>
    </Section>
  );
}

function ErrorsSection() {
  return (
    <Section id="help-api-errors" titleId="help.api.errors.title">
      <Typography>
        <FormattedMessage id="help.api.errors.body" />
      </Typography>
      <Code>{'{ "message": "…", "code": "VALIDATION_FAILED", "errors": { "field": "validation.required" } }'}</Code>
    </Section>
  );
}
