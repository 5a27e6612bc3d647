// Profiles in the formats real clients read (docs/product.md §7 "Profiles"), for the top admin (role_id 1) only, so
// that staff can try a profile in a standard client before the apps get it. Each export opens the
// sealed address, so each is written to the audit log before it is answered, like a reveal
// (apps/convertProfile):
//   GET apps/exportProfile/{id}?format=link|qr|xray|v2ray   the share link, a QR code of it (SVG), or a
//       complete client config (JSON) for current Xray-core (`xray`) or v2ray 4.x (`v2ray`). A profile
//       the core cannot carry as written is a 409 UNSUPPORTED_BY_CORE naming the field (domain/v2ray-config.ts);
//       a link too long for a QR code is a 413 TOO_LONG_FOR_QR. (`v2ray` once meant one
//       config for both cores; it now means v2ray 4, and `xray` is the config for the apps' cores.)
//   GET apps/exportFormats/{id}   which of those formats the profile has, and why it lacks the others
//       (the code and `errors` the export would answer); reads the link, reveals nothing of it, not audited
//   GET apps/exportProfiles/{serverId}?format=links|base64   a subscription body, as v2rayN/v2rayNG read it
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import QRCode from 'qrcode';
import {
  ERROR_CODES,
  EXPORT_MESSAGES,
  PROFILE_EXPORT_FORMATS,
  idParamsSchema,
  profileExportQuerySchema,
  subscriptionExportQuerySchema,
  type ConfigCore,
  type IdParams,
  type ProfileExportFormatDto,
  type ProfileExportQuery,
  type SubscriptionExportQuery,
} from '../../../src/contract';
import { profileExportFormatsSchema } from '../../../src/contract/responses-exports';
import { body, positiveId } from '../../../src/contract/schemas/common';
import { requireUser } from '../auth/authorize';
import { actorOf, fromParams } from '../audit/plugin';
import { recordAudit } from '../audit/record';
import { qrCodeOf } from '../domain/qr';
import { tryParseShareLink, type ParsedLink } from '../domain/share-links';
import { CORE_NAMES, clientConfig, coreProblems } from '../domain/v2ray-config';
import { HttpError } from '../http/errors';
import { dataResponse, errorResponse, fileAnswer, textBody } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { openStoredAddress } from '../domain/profile-address';
import { owns } from '../auth/access';

const tags = ['profiles'];
const serverParamsSchema = body({ serverId: positiveId() });
type ServerParams = yup.InferType<typeof serverParamsSchema>;

/** A file name part made of what every file system takes. */
const safeName = (s: string) =>
  s
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60) || 'profile';

/**
 * What an export declares beyond its own words: its answer, a file (`ok`: its media types), or
 * an error: 400 when a stored address cannot be read, 404 for an unknown id, 409 when the core cannot
 * carry the profile, 413 when the link is too long for a QR code.
 */
const exportSchema = (own: { summary: string; description: string; params: object; querystring?: object }, ok: object) => ({
  tags,
  ...own,
  response: { 200: ok, 400: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse },
});

const isCore = (format: string): format is ConfigCore => format === 'xray' || format === 'v2ray';

/** 413 TOO_LONG_FOR_QR: what a link longer than a QR code holds answers. */
const tooLongForQr = (link: string) =>
  new HttpError(
    413,
    ERROR_CODES.tooLongForQr,
    `The link (${Buffer.byteLength(link)} bytes) is longer than a QR code holds (2,953 bytes at version 40, level L)`,
    {
      link: EXPORT_MESSAGES.tooLongForQr,
    },
  );

/** 409 UNSUPPORTED_BY_CORE naming each field the core cannot carry. */
const unsupported = (core: ConfigCore, problems: Record<string, string>) =>
  new HttpError(409, ERROR_CODES.unsupportedByCore, `${CORE_NAMES[core]} cannot carry this profile as written: ${Object.keys(problems).join(', ')}`, problems);

/** The stored link, parsed; 400 on address when it no longer parses. */
function parsedStored(link: string): ParsedLink {
  const parsed = tryParseShareLink(link);
  if (!parsed.ok) throw HttpError.validation({ address: parsed.reason }, 'The stored address is not a valid share link');
  return parsed.value;
}

export async function exportRoutes(app: FastifyInstance) {
  const topAdmin = app.authorize({ policy: 'profiles:reveal' });
  /** Written before answering: an export that cannot be audited does not happen. */
  const audit = (request: FastifyRequest, action: string, target: { type: string; id: number; name: string }, detail: Record<string, unknown>) =>
    recordAudit(request.db, { action, actor: actorOf(request), request, target, detail });

  app.get<{ Params: IdParams; Querystring: ProfileExportQuery }>(
    '/apps/exportProfile/:id',
    {
      config: { access: [owns('profile', fromParams('id'), 'read')] },
      preValidation: topAdmin,
      schema: exportSchema(
        {
          summary: 'One profile as a share link, a QR code, or a client config for Xray-core or v2ray 4 (role_id 1)',
          description:
            '`format=link` (default): the share link as text/plain. `format=qr`: an SVG QR code of the link (image/svg+xml), error ' +
            'correction M, or L when the link is too long for M; 413 TOO_LONG_FOR_QR past version 40 at L (2,953 bytes). ' +
            "`format=xray` (current Xray-core, the apps' cores) or `format=v2ray` (v2ray 4.x): a complete client config for that core " +
            '(application/json, as a download): a SOCKS inbound on 127.0.0.1:10808 and the profile as the outbound, every field of the ' +
            "link carried over, `remarks` the link's own name. A profile the core cannot carry as written (REALITY, grpc, httpupgrade or " +
            'xhttp for v2ray 4; h2 or quic for Xray; h2 without TLS for both; ...) is a 409 UNSUPPORTED_BY_CORE whose `errors` name the ' +
            'fields, never a config without them. GET apps/exportFormats/{id} tells beforehand. Every export is written to the audit log. ' +
            '404 for an unknown profile.',
          params: yupSchema(idParamsSchema),
          querystring: yupSchema(profileExportQuerySchema),
        },
        fileAnswer('The link (link), its QR code (qr), or the client config (xray, v2ray, as a download)', {
          'text/plain': textBody,
          'image/svg+xml': textBody,
          'application/json': { type: 'object', additionalProperties: true },
        }),
      ),
    },
    async (request, reply) => {
      requireUser(request);
      const { format } = request.query;
      const profile = await request.repos.profiles.findById(request.params.id);
      if (!profile) throw HttpError.notFound('Profile not found');
      const link = openStoredAddress(app.secrets, profile.address);
      // Refused before the audit row: nothing was exported.
      const parsed = isCore(format) ? parsedStored(link) : undefined;
      if (parsed && isCore(format)) {
        const problems = coreProblems(parsed, format);
        if (Object.keys(problems).length) throw unsupported(format, problems);
      }
      const qr = format === 'qr' ? qrCodeOf(link) : undefined;
      if (qr === null) throw tooLongForQr(link);
      await audit(request, 'profile.export', { type: 'profile', id: profile.id, name: profile.name }, { format });
      reply.header('cache-control', 'no-store');
      if (format === 'qr') {
        const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: qr!.level, margin: 2 });
        return reply.type('image/svg+xml').send(svg);
      }
      if (isCore(format)) {
        const body = JSON.stringify(clientConfig(parsed!, format, profile.name), null, 2);
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${safeName(profile.name)}-${profile.id}-${format}.json"`)
          .send(body);
      }
      return reply.type('text/plain; charset=utf-8').send(link);
    },
  );

  app.get<{ Params: IdParams }>(
    '/apps/exportFormats/:id',
    {
      config: { access: [owns('profile', fromParams('id'), 'read')] },
      preValidation: topAdmin,
      schema: {
        tags,
        summary: 'Which export formats a profile has, and why it lacks the others (role_id 1)',
        description:
          'One entry per format of apps/exportProfile (link, qr, xray, v2ray): `available`, or the `code` and `errors` that the ' +
          'export would answer (UNSUPPORTED_BY_CORE naming the fields, TOO_LONG_FOR_QR). Reads the stored link and reveals nothing ' +
          'of it, so it is not audited. 400 on address when the stored address no longer opens; 404 for an unknown profile.',
        params: yupSchema(idParamsSchema),
        response: { 200: dataResponse(responseSchema(profileExportFormatsSchema)), 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      requireUser(request);
      const profile = await request.repos.profiles.findById(request.params.id);
      if (!profile) throw HttpError.notFound('Profile not found');
      const link = openStoredAddress(app.secrets, profile.address);
      const parsed = parsedStored(link);
      const formats = PROFILE_EXPORT_FORMATS.map((format): ProfileExportFormatDto => {
        if (format === 'qr' && !qrCodeOf(link))
          return { format, available: false, code: ERROR_CODES.tooLongForQr, errors: { link: EXPORT_MESSAGES.tooLongForQr } };
        if (isCore(format)) {
          const problems = coreProblems(parsed, format);
          if (Object.keys(problems).length) return { format, available: false, code: ERROR_CODES.unsupportedByCore, errors: problems };
        }
        return { format, available: true };
      });
      return { data: { formats } };
    },
  );

  app.get<{ Params: ServerParams; Querystring: SubscriptionExportQuery }>(
    '/apps/exportProfiles/:serverId',
    {
      config: { access: [owns('server', fromParams('serverId'), 'read')] },
      preValidation: topAdmin,
      schema: exportSchema(
        {
          summary: "A server's profiles as a subscription body (role_id 1)",
          description:
            '`format=links` (default): one share link a line (text/plain). `format=base64`: that text base64-encoded, as v2rayN and ' +
            'v2rayNG read a subscription. Written to the audit log. 404 for an unknown server.',
          params: yupSchema(serverParamsSchema),
          querystring: yupSchema(subscriptionExportQuerySchema),
        },
        fileAnswer('One share link a line, or that text in base64', { 'text/plain': textBody }),
      ),
    },
    async (request, reply) => {
      requireUser(request);
      const { serverId } = request.params;
      const { format } = request.query;
      const [server] = await request.repos.servers.list({ adminId: null }, { id: serverId });
      if (!server) throw HttpError.notFound('Server not found');
      const profiles = await request.repos.profiles.listStoredByServer(serverId);
      const links = profiles.map((p) => openStoredAddress(app.secrets, p.address));
      await audit(request, 'server.export', { type: 'server', id: serverId, name: server.ip }, { format, profiles: links.length });
      const text = links.length ? `${links.join('\n')}\n` : '';
      reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
      return reply.send(format === 'base64' ? Buffer.from(text, 'utf8').toString('base64') : text);
    },
  );
}
