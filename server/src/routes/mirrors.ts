// The mirrors of an app's signed bundle, for role_id 1 (docs/product.md §7 "Mobile apps"): list, add, change and
// remove an app's git remotes, "publish now", and a test of the remote and its token. Publishing
// itself runs in the background (services/mirror-publisher.ts), never in a request. A token goes in
// and never comes out: it is sealed at rest, absent from every answer and audit record (the
// appMirrors target lists URL, branch and path only), and scrubbed from every message a remote answers.
import type { FastifyInstance } from 'fastify';
import { appIdParamsSchema, type AppIdParams } from '../../../src/contract/bundle';
import {
  MIRRORS_MAX,
  mirrorCreateSchema,
  mirrorListSchema,
  mirrorParamsSchema,
  mirrorSchema,
  mirrorTestResultSchema,
  mirrorUpdateSchema,
  type MirrorCreateBody,
  type MirrorDto,
  type MirrorParams,
  type MirrorUpdateBody,
} from '../../../src/contract/mirrors';
import { owns } from '../auth/access';
import { fromParams, preparedFor } from '../audit/plugin';
import { GitMirrorError, testRemote } from '../domain/git-mirror';
import { mirrorTokenContext } from '../services/mirror-publisher';
import { HttpError } from '../http/errors';
import { dataResponse, successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import type { MirrorRow } from '../repositories/mirrors';
import type { Repositories } from '../repositories';

const tags = ['app settings'];
const rule = { policy: 'apps:advancedSettings' } as const;
const access = [owns('app', fromParams('appId'))];
const audit = (action: string, always?: true) => ({ action, target: 'appMirrors' as const, id: fromParams('appId'), ...(always && { always }) });
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const toDto = (m: MirrorRow): MirrorDto => ({
  id: m.id,
  kind: m.kind,
  url: m.url,
  branch: m.branch,
  path: m.path,
  publishedVersion: m.publishedVersion,
  publishedAt: iso(m.publishedAt),
  publishedCommit: m.publishedCommit,
  attemptedAt: iso(m.attemptedAt),
  lastError: m.lastError,
  failures: m.failures,
  nextAttemptAt: new Date(m.nextAttemptAt).toISOString(),
  requested: m.requested,
  currentVersion: m.currentVersion,
  appActive: m.appActive,
});

const fieldsOf = (b: MirrorCreateBody | MirrorUpdateBody) => ({ kind: b.kind ?? 'git', url: b.url, branch: b.branch, path: b.path });

export async function mirrorRoutes(app: FastifyInstance) {
  const list = async (repos: Repositories, appId: number) => (await repos.mirrors.list(appId)).map(toDto);
  async function one(repos: Repositories, appId: number, mirrorId: number): Promise<MirrorDto> {
    const found = await repos.mirrors.get(appId, mirrorId);
    if (!found) throw HttpError.notFound('Mirror not found');
    return toDto(found);
  }
  const params = yupSchema(mirrorParamsSchema);

  app.get<{ Params: AppIdParams }>(
    '/apps/mirrors/:appId',
    {
      config: { access: [owns('app', fromParams('appId'), 'read')] },
      preValidation: app.authorize(rule),
      schema: {
        tags,
        summary: "The app's bundle mirrors with their publishing state (role_id 1)",
        description:
          'Each git remote the signed bundle (apps/client/bundle) is published to: its URL, branch and file path (never its token), ' +
          "the config version last published there with its time and commit, and the last failure's message from the remote. " +
          '`appActive` false: the app is inactive, so nothing is published to its mirrors until it is active again.',
        params: yupSchema(appIdParamsSchema),
        response: { 200: dataResponse(responseSchema(mirrorListSchema)) },
      },
    },
    async (request) => ({ data: await list(request.repos, request.params.appId) }),
  );

  app.post<{ Params: AppIdParams; Body: MirrorCreateBody }>(
    '/apps/mirrors/:appId',
    {
      config: { access, audit: audit('app.mirrorAdd') },
      preValidation: app.authorize(rule),
      schema: {
        tags,
        summary: "Add a git mirror of the app's signed bundle",
        description:
          `A git remote over http(s) (at most ${MIRRORS_MAX} per app): \`url\` (no password in it; a user name in it is the basic-auth ` +
          'user, otherwise x-access-token on github.com, oauth2 on gitlab, x-token-auth on bitbucket.org and git elsewhere), the ' +
          '`branch` and the file `path` to write, and the access `token` sent as HTTP basic auth. The token is sealed at rest and ' +
          "never answered. The bundle is published there at once, then on every config change together with the app's other mirrors " +
          "(the same version on each, a minute after the app's last publish at the soonest). Nothing is published while the app is inactive.",
        params: yupSchema(appIdParamsSchema),
        body: yupSchema(mirrorCreateSchema),
        response: { 200: successResponse(responseSchema(mirrorSchema)) },
      },
    },
    async (request) => {
      const { appId } = request.params;
      if ((await request.repos.mirrors.count(appId)) >= MIRRORS_MAX) throw HttpError.conflict(undefined, `At most ${MIRRORS_MAX} mirrors per application`);
      const id = await request.repos.mirrors.insert(appId, fieldsOf(request.body), app.secrets.seal(request.body.token, mirrorTokenContext(appId)));
      app.mirrors.wake();
      return { success: true, data: await one(request.repos, appId, id) };
    },
  );

  app.put<{ Params: MirrorParams; Body: MirrorUpdateBody }>(
    '/apps/mirrors/:appId/:mirrorId',
    {
      config: { access, audit: audit('app.mirrorUpdate') },
      preValidation: app.authorize(rule),
      schema: {
        tags,
        summary: 'Change a mirror (an empty or missing token keeps the stored one)',
        description: 'The same fields as adding one. The mirror starts afresh: its state is cleared and the bundle is published to it again at once.',
        params,
        body: yupSchema(mirrorUpdateSchema),
        response: { 200: successResponse(responseSchema(mirrorSchema)) },
      },
    },
    async (request) => {
      const { appId, mirrorId } = request.params;
      const token = request.body.token ? app.secrets.seal(request.body.token, mirrorTokenContext(appId)) : undefined;
      if (!(await request.repos.mirrors.update(appId, mirrorId, fieldsOf(request.body), token))) throw HttpError.notFound('Mirror not found');
      app.mirrors.wake();
      return { success: true, data: await one(request.repos, appId, mirrorId) };
    },
  );

  app.delete<{ Params: MirrorParams }>(
    '/apps/mirrors/:appId/:mirrorId',
    {
      config: { access, audit: audit('app.mirrorDelete') },
      preValidation: app.authorize(rule),
      schema: {
        tags,
        summary: 'Remove a mirror (what was published there stays on the remote)',
        params,
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      const { appId, mirrorId } = request.params;
      if (!(await request.repos.mirrors.remove(appId, mirrorId))) throw HttpError.notFound('Mirror not found');
      return { success: true };
    },
  );

  app.post<{ Params: MirrorParams }>(
    '/apps/mirrors/:appId/:mirrorId/publish',
    {
      config: { access, audit: audit('app.mirrorPublishNow', true) },
      preValidation: app.authorize(rule),
      schema: {
        tags,
        summary: 'Publish the bundle to this mirror now',
        description:
          'Skips the debounce and any backoff: the publisher pushes the current bundle within seconds, even when the mirror holds ' +
          'this version already. Answers the mirror as it is now (`requested` true); GET apps/mirrors shows the outcome. ' +
          '409 while the app is inactive (its bundle is not published).',
        params,
        response: { 200: successResponse(responseSchema(mirrorSchema)) },
      },
    },
    async (request) => {
      const { appId, mirrorId } = request.params;
      if (!(await one(request.repos, appId, mirrorId)).appActive)
        throw HttpError.conflict(undefined, 'The application is inactive: its bundle is not published');
      if (!(await request.repos.mirrors.request(appId, mirrorId))) throw HttpError.notFound('Mirror not found');
      app.mirrors.wake();
      return { success: true, data: await one(request.repos, appId, mirrorId) };
    },
  );

  app.post<{ Params: MirrorParams }>(
    '/apps/mirrors/:appId/:mirrorId/test',
    {
      config: {
        access,
        audit: {
          ...audit('app.mirrorTest', true),
          // The remote is asked before the transaction opens, so no connection waits on the network;
          // the route is role_id 1's alone, who reaches every app.
          prepare: async (request) => {
            const { appId, mirrorId } = request.params as MirrorParams;
            const [found, sealed] = await Promise.all([request.repos.mirrors.get(appId, mirrorId), request.repos.mirrors.sealedToken(appId, mirrorId)]);
            if (!found || !sealed) throw HttpError.notFound('Mirror not found');
            const target = { url: found.url, branch: found.branch, path: found.path, token: app.secrets.open(sealed, mirrorTokenContext(appId)) };
            try {
              const { branchExists } = await testRemote(target, { timeoutMs: app.mirrors.timings.gitTimeoutMs });
              return { ok: true, branchExists, message: null };
            } catch (err) {
              if (!(err instanceof GitMirrorError)) throw err;
              return { ok: false, branchExists: false, message: err.message };
            }
          },
        },
      },
      preValidation: app.authorize(rule),
      schema: {
        tags,
        summary: 'Check that the remote answers and takes the token, without pushing',
        description: "Lists the remote's branch with the stored token. `ok` false carries the remote's message (never the token).",
        params,
        response: { 200: successResponse(responseSchema(mirrorTestResultSchema)) },
      },
    },
    async (request) => ({ success: true, data: preparedFor(request) }),
  );
}
