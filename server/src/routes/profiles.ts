// docs/product.md §7 "Profiles": a server's connection profiles — list, create, update, reveal, delete, and
// the CSV batch import (docs/architecture.md §7). Ownership follows the server: whoever may manage a
// server (auth/rbac.ts) may manage its profiles; anything else is 404 and nothing changes.
// Addresses are validated as share links of the chosen protocol (domain/share-links.ts), stored
// sealed, listed only as the sealed token, and opened only by role_id 1 (convertProfile), with an
// audit row per reveal. role_id 5 may not set the profile type (docs/product.md §6): sending the key is a 403.
// The CSV import is routes/profile-import.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import {
  V,
  convertProfileSchema,
  idParamsSchema,
  idsSchema,
  profileCreateSchema,
  profileUpdateSchema,
  type ConvertProfileBody,
  type IdParams,
  type IdsBody,
  type ProfileCreateBody,
  type ProfileUpdateBody,
} from '../../../src/contract';
import { body, positiveId } from '../../../src/contract/schemas/common';
import { requireUser } from '../auth/authorize';
import { can } from '../auth/rbac';
import { SecretBoxError } from '../domain/secret-box';
import { PROFILE_ADDRESS_CONTEXT, openStoredAddress } from '../domain/profile-address';
import { linkWarnings, tryParseShareLink, type ParsedLink } from '../domain/share-links';
import { HttpError } from '../http/errors';
import { dataResponse, successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import type { ProfileValues } from '../repositories/profiles';
import { auditDetail, auditTarget } from '../audit/context';
import { createdData, fromBody, fromParams } from '../audit/plugin';
import { deletedCountSchema, profileAddressSchema, profileDtoSchema, revealedProfileSchema } from '../../../src/contract/responses';
import { owns, noRecord } from '../auth/access';

const tags = ['profiles'];
const serverParamsSchema = body({ serverId: positiveId() });

const profileDtoJson = responseSchema(profileDtoSchema);

/**
 * The save answer: the profile, and `warnings` (LINK_WARNINGS message ids) when popular clients
 * refuse or misread the link; the save went through either way.
 */
const savedProfileResponse = (() => {
  const base = successResponse(profileDtoJson);
  return {
    ...base,
    properties: {
      ...base.properties,
      warnings: {
        type: 'array',
        items: { type: 'string' },
        description: 'linkWarning.* message ids: the link is stored, but popular clients refuse or misread it',
      },
    },
  };
})();

/** `{success, data}` plus the link's warnings, when it has any. */
const saved = <T>(data: T, link: ParsedLink) => {
  const warnings = linkWarnings(link);
  return { success: true, data, ...(warnings.length ? { warnings } : {}) };
};

const revealSchema = responseSchema(revealedProfileSchema);

const deletedSchema = responseSchema(deletedCountSchema);

/**
 * docs/product.md §6: role_id 5 may not choose the type, so a `type` key in their raw body is a 403. It runs
 * before validation, which would otherwise fill in the default (and answer 400 first for a bad value).
 */
async function rejectTypeFromRestricted(request: FastifyRequest) {
  const body = request.body;
  if (!can(requireUser(request), 'profiles:type') && body !== null && typeof body === 'object' && Object.hasOwn(body, 'type')) {
    throw HttpError.forbidden('role_id 5 may not set the profile type');
  }
}

export async function profileRoutes(app: FastifyInstance) {
  const seal = (link: string) => app.secrets.seal(link, PROFILE_ADDRESS_CONTEXT);

  const signedIn = app.authorize({ any: true });

  /** The link, validated against the protocol; 400 on `address` with the reason otherwise. */
  function checkedLink(address: string, protocol: ProfileCreateBody['protocol']): ParsedLink {
    const parsed = tryParseShareLink(address, protocol);
    if (!parsed.ok) throw HttpError.validation({ address: parsed.reason }, 'The address is not a valid share link of this protocol');
    return parsed.value;
  }

  app.get<{ Params: yup.InferType<typeof serverParamsSchema> }>(
    '/apps/profiles/:serverId',
    {
      config: { access: [owns('server', fromParams('serverId'), 'read')] },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'The profiles of a server, ordered by id',
        description: "Without the addresses: GET apps/profileAddress/{id} answers one sealed token. 404 when the server is not the caller's.",
        params: yupSchema(serverParamsSchema),
        response: { 200: dataResponse({ type: 'array', items: profileDtoJson }) },
      },
    },
    async (request) => {
      return { data: await request.repos.profiles.listByServer(request.params.serverId) };
    },
  );

  app.post<{ Body: ProfileCreateBody }>(
    '/apps/addProfile',
    {
      config: { access: [owns('server', fromBody('serverId'))], audit: { action: 'profile.create', target: 'profile', created: createdData } },
      preValidation: [signedIn, rejectTypeFromRestricted],
      schema: {
        tags,
        summary: 'Add a profile to a server',
        description:
          'The address must be a valid share link of `protocol` (400 on address with a shareLink.* reason). role_id 5 must not ' +
          "send `type` (403); their profiles are normal. 404 when the server is not the caller's. Answers the profile, and " +
          '`warnings` (linkWarning.*) when popular clients refuse or misread the link.',
        body: yupSchema(profileCreateSchema),
        response: { 200: savedProfileResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      const link = checkedLink(body.address, body.protocol);
      const data = await request.repos.profiles.insert({
        serverId: body.serverId,
        name: body.name,
        operator: body.operator,
        protocol: body.protocol,
        type: !can(user, 'profiles:type') ? 'normal' : body.type,
        addressEnc: seal(link.link),
      });
      return saved(data, link);
    },
  );

  app.put<{ Params: IdParams; Body: ProfileUpdateBody }>(
    '/apps/updateProfile/:id',
    {
      config: {
        access: [owns('profile', fromParams('id')), owns('server', fromBody('serverId'))],
        audit: { action: 'profile.update', target: 'profile', id: fromParams('id') },
      },
      preValidation: [signedIn, rejectTypeFromRestricted],
      schema: {
        tags,
        summary: 'Update a profile',
        description:
          'A blank or missing address keeps the stored one, which must still be a link of `protocol` (400 on address otherwise). ' +
          'A missing type is kept; role_id 5 must not send one (403). Moving to another server needs access to both (404). ' +
          '`warnings` (linkWarning.*) as on addProfile, for the link the profile keeps.',
        params: yupSchema(idParamsSchema),
        body: yupSchema(profileUpdateSchema),
        response: { 200: savedProfileResponse },
      },
    },
    async (request) => {
      const body = request.body;
      const current = await request.repos.profiles.findById(request.params.id);
      if (!current) throw HttpError.notFound('Profile not found');

      const values: Partial<ProfileValues> = { serverId: body.serverId, name: body.name, operator: body.operator, protocol: body.protocol };
      if (body.type !== undefined) values.type = body.type;
      const link = checkedLink(body.address || openStoredAddress(app.secrets, current.address), body.protocol);
      if (body.address) values.addressEnc = seal(link.link);
      const data = await request.repos.profiles.update(current.id, values);
      if (!data) throw HttpError.notFound('Profile not found');
      return saved(data, link);
    },
  );

  app.get<{ Params: IdParams }>(
    '/apps/profileAddress/:id',
    {
      config: { access: [owns('profile', fromParams('id'), 'read')] },
      preValidation: app.authorize({ policy: 'profiles:reveal' }),
      schema: {
        tags,
        summary: 'The sealed address token of one profile',
        description:
          'Opaque; only POST apps/convertProfile {config: address} turns it into the link (role_id 1, who alone may reveal). ' +
          'The profile list leaves the tokens out, so a reveal fetches just the one it needs.',
        params: yupSchema(idParamsSchema),
        response: { 200: dataResponse(responseSchema(profileAddressSchema)) },
      },
    },
    async (request) => {
      const profile = await request.repos.profiles.findById(request.params.id);
      if (!profile) throw HttpError.notFound('Profile not found');
      return { data: { address: profile.address } };
    },
  );

  app.post<{ Body: ConvertProfileBody }>(
    '/apps/convertProfile',
    {
      config: { access: noRecord('turns a sealed token into its link (role_id 1)'), audit: { action: 'profile.reveal', target: 'profile' } },
      preValidation: app.authorize({ policy: 'profiles:reveal' }),
      schema: {
        tags,
        summary: 'Reveal a profile address: the readable link and its parsed fields',
        description:
          '`config` is the token of GET apps/profileAddress/{id}. Every reveal is written to the audit log. 400 on config when the token is not one of ours.',
        body: yupSchema(convertProfileSchema),
        response: { 200: dataResponse(revealSchema) },
      },
    },
    async (request) => {
      requireUser(request);
      const token = request.body.config;
      let plain: string;
      try {
        plain = app.secrets.open(token, PROFILE_ADDRESS_CONTEXT);
      } catch (err) {
        if (err instanceof SecretBoxError) throw HttpError.validation({ config: V.checkInput }, 'Not a profile address token');
        throw err;
      }
      const parsed = tryParseShareLink(plain);
      if (!parsed.ok) throw HttpError.validation({ config: parsed.reason }, 'The stored address is not a valid share link');
      const { link, protocol, host, port, id, transport, security, sni, path, remark, params } = parsed.value;
      const profileId = await request.repos.profiles.idByAddressToken(token);
      // Recorded with the answer (audit/plugin.ts): a reveal that cannot be audited does not happen.
      if (profileId !== undefined) auditTarget(request, profileId);
      auditDetail(request, { protocol });
      return { data: { link, protocol, host, port, id, transport, security, sni, path, remark, params } };
    },
  );

  app.delete<{ Params: IdParams }>(
    '/apps/destroyProfile/:id',
    {
      config: { access: [owns('profile', fromParams('id'))], audit: { action: 'profile.delete', target: 'profile', id: fromParams('id') } },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Delete a profile',
        description: "404 when the profile is missing or its server is not the caller's.",
        params: yupSchema(idParamsSchema),
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      await request.repos.profiles.remove([request.params.id]);
      return { success: true };
    },
  );

  app.post<{ Body: IdsBody }>(
    '/apps/destroyMultipleProfiles',
    {
      config: { access: [owns('profile', fromBody('ids'))], audit: { action: 'profile.deleteMany', target: 'profile', id: fromBody('ids') } },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Delete several profiles',
        description: "All or nothing: when any id is missing or on a server that is not the caller's, 404 and nothing is deleted. Duplicate ids are a 400.",
        body: yupSchema(idsSchema),
        response: { 200: successResponse(deletedSchema) },
      },
    },
    async (request) => {
      const deleted = await request.repos.profiles.remove(request.body.ids);
      return { success: true, data: { deleted } };
    },
  );
}
