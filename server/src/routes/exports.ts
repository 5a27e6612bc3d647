// Profiles in the formats real clients read (docs/product.md §7 "Profiles"), for the top admin (role_id 1) only, so
// that staff can try a profile in a standard client before the apps get it. Each export opens the
// sealed address, so each is written to the audit log before it is answered, like a reveal
// (apps/convertProfile):
//   GET apps/exportProfile/{id}?format=link|qr|v2ray    the share link, a QR code of it (SVG), or a
//                                                      complete v2ray/Xray client config (JSON)
//   GET apps/exportProfiles/{serverId}?format=links|base64   a subscription body, as v2rayN/v2rayNG read it
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import QRCode from 'qrcode';
import {
  idParamsSchema, profileExportQuerySchema, subscriptionExportQuerySchema,
  type IdParams, type ProfileExportQuery, type SubscriptionExportQuery,
} from '../../../src/contract';
import { body, positiveId } from '../../../src/contract/schemas/common';
import { requireUser } from '../auth/authorize';
import { actorOf, fromParams } from '../audit/plugin';
import { recordAudit } from '../audit/record';
import { tryParseShareLink } from '../domain/share-links';
import { v2rayClientConfig } from '../domain/v2ray-config';
import { HttpError } from '../http/errors';
import { errorResponse } from '../http/schemas';
import { yupSchema } from '../http/validation';
import { openStoredAddress } from './profiles';
import { owns } from '../auth/access';

const tags = ['profiles'];
const serverParamsSchema = body({ serverId: positiveId() });
type ServerParams = yup.InferType<typeof serverParamsSchema>;

/** A file name part made of what every file system takes. */
const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60) || 'profile';

/**
 * What an export declares beyond its own words: its answer is a file, not JSON (no 200 schema), or
 * an error: 400 when a stored address cannot be read, 404 for an unknown id.
 */
const exportSchema = (own: { summary: string; description: string; params: object; querystring: object }) => ({
  tags,
  ...own,
  response: { 400: errorResponse, 404: errorResponse },
});

export async function exportRoutes(app: FastifyInstance) {
  const topAdmin = app.authorize({ policy: 'profiles:reveal' });
  /** Written before answering: an export that cannot be audited does not happen. */
  const audit = (request: FastifyRequest, action: string, target: { type: string; id: number; name: string }, detail: Record<string, unknown>) =>
    recordAudit(app.db, { action, actor: actorOf(request), request, target, detail });

  app.get<{ Params: IdParams; Querystring: ProfileExportQuery }>(
    '/apps/exportProfile/:id',
    {
      config: { access: [owns('profile', fromParams('id'), 'read')] },
      preValidation: topAdmin,
      schema: exportSchema({
        summary: 'One profile as a share link, a QR code or a v2ray/Xray client config (role_id 1)',
        description:
          '`format=link` (default): the share link as text/plain. `format=qr`: an SVG QR code of the link (image/svg+xml). ' +
          '`format=v2ray`: a complete client config (application/json, as a download): a SOCKS inbound on 127.0.0.1:10808 and the ' +
          'profile as the outbound, transport and tls/reality settings carried over. Every export is written to the audit log. 404 for an unknown profile.',
        params: yupSchema(idParamsSchema),
        querystring: yupSchema(profileExportQuerySchema),
      }),
    },
    async (request, reply) => {
      requireUser(request);
      const { format } = request.query;
      const profile = await app.repos.profiles.findById(request.params.id);
      if (!profile) throw HttpError.notFound('Profile not found');
      const link = openStoredAddress(app.secrets, profile.address);
      await audit(request, 'profile.export', { type: 'profile', id: profile.id, name: profile.name }, { format });
      reply.header('cache-control', 'no-store');
      if (format === 'qr') {
        const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
        return reply.type('image/svg+xml').send(svg);
      }
      if (format === 'v2ray') {
        const parsed = tryParseShareLink(link);
        if (!parsed.ok) throw HttpError.validation({ address: parsed.reason }, 'The stored address is not a valid share link');
        const body = JSON.stringify(v2rayClientConfig(parsed.value, profile.name), null, 2);
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${safeName(profile.name)}-${profile.id}.json"`)
          .send(body);
      }
      return reply.type('text/plain; charset=utf-8').send(link);
    },
  );

  app.get<{ Params: ServerParams; Querystring: SubscriptionExportQuery }>(
    '/apps/exportProfiles/:serverId',
    {
      config: { access: [owns('server', fromParams('serverId'), 'read')] },
      preValidation: topAdmin,
      schema: exportSchema({
        summary: 'A server\'s profiles as a subscription body (role_id 1)',
        description:
          '`format=links` (default): one share link a line (text/plain). `format=base64`: that text base64-encoded, as v2rayN and ' +
          'v2rayNG read a subscription. Written to the audit log. 404 for an unknown server.',
        params: yupSchema(serverParamsSchema),
        querystring: yupSchema(subscriptionExportQuerySchema),
      }),
    },
    async (request, reply) => {
      requireUser(request);
      const { serverId } = request.params;
      const { format } = request.query;
      const [server] = await app.repos.servers.list({ adminId: null }, { id: serverId });
      if (!server) throw HttpError.notFound('Server not found');
      const profiles = await app.repos.profiles.listStoredByServer(serverId);
      const links = profiles.map((p) => openStoredAddress(app.secrets, p.address));
      await audit(request, 'server.export', { type: 'server', id: serverId, name: server.ip }, { format, profiles: links.length });
      const text = links.length ? `${links.join('\n')}\n` : '';
      reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
      return reply.send(format === 'base64' ? Buffer.from(text, 'utf8').toString('base64') : text);
    },
  );
}
