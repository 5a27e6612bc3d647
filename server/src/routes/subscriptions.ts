// Subscriptions (docs/product.md §7 "Profiles"): role_id 1 makes a revocable link that a standard client
// imports and refreshes with no staff token, lists them and revokes them:
//   POST   apps/subscriptions {serverId | appId, operator?, format?, label}   the token, shown once
//   GET    apps/subscriptions?serverId&appId                                  label, scope, created, last fetched, fetch count
//   DELETE apps/subscriptions/{id}                                            revoke: the link answers 404 after
//   GET    sub/{token}?format=links|base64|xray|html                          public; rate-limited per token
// A fetch opens sealed addresses, so each answered one is written to the audit log before it is
// sent, like an export (routes/exports.ts). What it answers and with which headers: domain/subscription.ts.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  idParamsSchema,
  subscriptionCreateSchema,
  subscriptionFetchParamsSchema,
  subscriptionFetchQuerySchema,
  subscriptionListQuerySchema,
  subscriptionPath,
  type IdParams,
  type SubFormat,
  type SubscriptionCreateBody,
  type SubscriptionFetchQuery,
  type SubscriptionListQuery,
} from '../../../src/contract';
import { subscriptionCreatedSchema, subscriptionDtoSchema } from '../../../src/contract/responses-subscriptions';
import { owns, fromQuery } from '../auth/access';
import { requireUser } from '../auth/authorize';
import { createdData, fromBody, fromParams } from '../audit/plugin';
import { recordAudit } from '../audit/record';
import { PAGE_CSP, chooseFormat, subscriptionBody, subscriptionHeaders, subscriptionPage, tokenHash, type SubProfile } from '../domain/subscription';
import { etagMatches, strongEtag } from '../http/cached-body';
import { HttpError } from '../http/errors';
import { dataResponse, errorResponse, etagHeaders, fileAnswer, notModified, successResponse, textBody } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { openStoredAddress } from '../domain/profile-address';

const tags = ['profiles'];
/** Fetches per token and window: a client refreshes every 12 hours; a person may reload a few times. */
export const SUB_RATE_LIMIT = { max: 20, timeWindow: 60_000 };
const subscriptionJson = responseSchema(subscriptionDtoSchema);
const SUB_HEADERS = {
  ...etagHeaders('User-Agent, Accept'),
  'content-disposition': { ...textBody, description: 'attachment; filename="<label>" (ASCII) and filename*=UTF-8\'\'<label>; not on the html page' },
  'profile-title': { ...textBody, description: 'base64:<the label in UTF-8, base64>' },
  'profile-update-interval': { ...textBody, description: 'Hours between refreshes: 12' },
  'support-url': { ...textBody, description: "The app's Telegram link, when it has one" },
  'profile-web-page-url': { ...textBody, description: "The app's about link (or store link), when it has one" },
};

export async function subscriptionRoutes(app: FastifyInstance) {
  const topAdmin = app.authorize({ policy: 'profiles:reveal' });

  app.post<{ Body: SubscriptionCreateBody }>(
    '/apps/subscriptions',
    {
      config: {
        access: [owns('server', fromBody('serverId'), 'read'), owns('app', fromBody('appId'), 'read')],
        audit: { action: 'subscription.create', target: 'subscription', created: createdData },
      },
      preValidation: topAdmin,
      schema: {
        tags,
        summary: "Make a subscription link for one server's or one app's profiles (role_id 1)",
        description:
          "Exactly one of `serverId` and `appId`. `operator` keeps that operator's profiles only; `format` fixes the answer " +
          '(links, base64, xray), else each fetch picks it by `?format` or User-Agent. The answer holds the token (256 random bits) ' +
          "and the public path sub/{token}: only the token's hash is stored, so this is the one time it is shown. 404 for an unknown server or app.",
        body: yupSchema(subscriptionCreateSchema),
        response: { 200: successResponse(responseSchema(subscriptionCreatedSchema)) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { serverId, appId, operator, format, label } = request.body;
      const token = randomBytes(32).toString('base64url');
      const id = await request.repos.subscriptions.insert({
        label,
        serverId: serverId ?? null,
        appId: appId ?? null,
        operator: operator ?? null,
        format: (format ?? null) as SubFormat | null,
        tokenHash: tokenHash(token),
        createdBy: user.id,
      });
      const [row] = await request.repos.subscriptions.list({ id });
      return { success: true, data: { ...row, token, path: subscriptionPath(token) } };
    },
  );

  app.get<{ Querystring: SubscriptionListQuery }>(
    '/apps/subscriptions',
    {
      config: { access: [owns('server', fromQuery('serverId'), 'read'), owns('app', fromQuery('appId'), 'read')] },
      preValidation: topAdmin,
      schema: {
        tags,
        summary: "The subscription links, newest first: all, one server's or one app's (role_id 1)",
        description: 'Label, scope, operator, format, when made, when last fetched and how often. Never the token (only its hash is stored).',
        querystring: yupSchema(subscriptionListQuerySchema),
        response: { 200: dataResponse({ type: 'array', items: subscriptionJson }) },
      },
    },
    async (request) => ({ data: await request.repos.subscriptions.list({ serverId: request.query.serverId, appId: request.query.appId }) }),
  );

  app.delete<{ Params: IdParams }>(
    '/apps/subscriptions/:id',
    {
      config: {
        access: [owns('subscription', fromParams('id'), 'read')],
        audit: { action: 'subscription.revoke', target: 'subscription', id: fromParams('id') },
      },
      preValidation: topAdmin,
      schema: {
        tags,
        summary: 'Revoke a subscription link (role_id 1): it answers 404 from then on',
        params: yupSchema(idParamsSchema),
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      if (!(await request.repos.subscriptions.remove(request.params.id))) throw HttpError.notFound('Subscription not found');
      return { success: true };
    },
  );

  app.get<{ Params: { token: string }; Querystring: SubscriptionFetchQuery }>(
    '/sub/:token',
    {
      config: { rateLimit: { ...SUB_RATE_LIMIT, keyGenerator: (request) => `sub:${(request.params as { token?: string }).token ?? ''}` } },
      schema: {
        tags,
        summary: 'A subscription, as standard clients import it (no sign-in: the token is the key)',
        description:
          '`format=links`: one share link a line; `base64`: that text base64-encoded; `xray`: a JSON array of Xray-core client configs ' +
          '(profiles current Xray cannot carry as written are left out); `html`: a page with each link and its QR code. Without ' +
          "`format`: the subscription's own format, else by User-Agent (v2rayN, v2rayNG and Hiddify get base64, Xray the JSON " +
          'array, a browser asking for text/html the page, anything else base64). Headers: `Content-Disposition` with the quoted ' +
          'label, `profile-title: base64:<label>`, `profile-update-interval: 12`, `support-url` and `profile-web-page-url` (the ' +
          "app's Telegram and about links), a strong `ETag` (send it as If-None-Match for a 304). Every answered fetch is written " +
          `to the audit log. 404 for an unknown or revoked token; 429 past ${SUB_RATE_LIMIT.max} fetches a minute per token.`,
        params: yupSchema(subscriptionFetchParamsSchema),
        querystring: yupSchema(subscriptionFetchQuerySchema),
        response: {
          200: fileAnswer(
            'The subscription in the chosen format',
            {
              'text/plain': textBody,
              'application/json': { type: 'array', items: { type: 'object', additionalProperties: true } },
              'text/html': textBody,
            },
            SUB_HEADERS,
          ),
          304: notModified(SUB_HEADERS),
          404: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const sub = await request.repos.subscriptions.byTokenHash(tokenHash(request.params.token));
      if (!sub) throw HttpError.notFound('Subscription not found');
      const profiles: SubProfile[] = [];
      for (const p of await request.repos.subscriptions.profilesOf(sub)) {
        try {
          profiles.push({ name: p.name, link: openStoredAddress(app.secrets, p.address) });
        } catch {
          // sealed under another key: nothing a client could use
        }
      }
      const format = chooseFormat(request.query.format, sub.format, request.headers['user-agent'], request.headers.accept);
      const answer =
        format === 'html' ? { type: 'text/html; charset=utf-8', body: await subscriptionPage(sub.label, profiles) } : subscriptionBody(format, profiles);
      const etag = strongEtag(`${answer.type}\n${answer.body}`);
      const headers = subscriptionHeaders(sub.label, await request.repos.subscriptions.appLinksOf(sub));
      if (format === 'html') {
        delete headers['content-disposition'];
        reply.header('content-security-policy', PAGE_CSP);
      }
      reply.headers(headers).header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'user-agent, accept');
      await request.repos.subscriptions.markFetched(sub.id);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      await recordAudit(request.db, {
        action: 'subscription.fetch',
        actor: { id: null, name: null, role: null },
        request,
        target: { type: 'subscription', id: sub.id, name: sub.label },
        detail: { format, profiles: profiles.length, userAgent: (request.headers['user-agent'] ?? '').slice(0, 200) },
      });
      return reply.type(answer.type).send(answer.body);
    },
  );
}
