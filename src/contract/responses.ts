// Response bodies described once (docs/architecture.md §5): each is a yup schema from which the server
// derives the JSON Schema its serializer and the OpenAPI page use (http/validation.ts
// `responseSchema`), and from which dto.ts derives the TypeScript type both sides use. A field added
// here reaches the type and the wire together; Fastify's serializer can no longer drop it silently.
// Only the server loads this module at run time; the panel imports the types alone. The settings,
// user and report responses are in the sibling modules responses-*.ts.
import * as yup from 'yup';
import { LINK_SECURITIES, OPERATORS, PROFILE_TYPES, PROTOCOLS, SOURCE_HOSTS, type SourceHost } from './enums';
import { bool, idName, int, isoTime, record, text, textOrNull } from './response-fields';

/** A server of the server lists (GET apps/servers) and of the add and update answers. */
export const serverDtoSchema = yup
  .object({
    id: int(),
    ip: text().meta({ description: 'The server name' }),
    apps: yup
      .array(yup.object({ app: idName() }).defined())
      .defined()
      .meta({ description: 'Linked apps; an app admin sees only their own' }),
    location: yup.object({ id: int(), name: text(), code: text() }).defined(),
    flagUrl: text(),
    username: textOrNull(),
    provider: textOrNull(),
    port: int().nullable(),
    hasPassword: yup.boolean().defined().meta({ description: 'A password is stored; it is never sent back' }),
    profileCount: int(),
    shared: yup
      .boolean()
      .defined()
      .meta({
        description:
          'Apps of more than one admin use the server. An app admin then sees only their own apps in `apps` and may not delete it ' +
          '(409 SERVER_SHARED), only unlink their apps; the top admin sees them all.',
      }),
  })
  .defined();

/**
 * One connection profile of GET apps/profiles/{serverId}. The sealed address is not part of it:
 * GET apps/profileAddress/{id} answers one profile's token, which POST apps/convertProfile turns
 * into the readable link.
 */
export const profileDtoSchema = yup
  .object({
    id: int(),
    name: text(),
    operator: yup.string().oneOf(OPERATORS).defined(),
    protocol: yup.string().oneOf(PROTOCOLS).defined(),
    type: yup.string().oneOf(PROFILE_TYPES).defined(),
    serverId: int(),
  })
  .defined();

/** GET apps/profileAddress/{id}: the sealed address token of one profile (opaque). */
export const profileAddressSchema = yup.object({ address: text() }).defined();

/** POST apps/convertProfile: a revealed profile address, the readable link and its parsed fields. */
export const revealedProfileSchema = yup
  .object({
    link: text().meta({ description: 'The readable share link' }),
    protocol: yup.string().oneOf(PROTOCOLS).defined(),
    host: text(),
    port: int(),
    id: text().meta({ description: 'The user id (UUID)' }),
    transport: text(),
    security: yup.string().oneOf(LINK_SECURITIES).defined(),
    sni: textOrNull(),
    path: textOrNull(),
    remark: text(),
    params: record(text(), 'Every other link parameter'),
  })
  .defined();

/** One device of GET apps/devices and of the device edit and registration answers. */
export const deviceDtoSchema = yup
  .object({
    id: int(),
    app: idName(),
    model: textOrNull(),
    uniqueDeviceId: text(),
    fcmToken: textOrNull(),
    appVersionCode: yup
      .number()
      .nullable()
      .defined()
      .meta({ description: 'The version the device last reported, as a JSON number (docs/product.md §5 step 0.01)' }),
    createdAt: isoTime(),
    updatedAt: isoTime('Last edit or re-registration'),
  })
  .defined();

/** One application as GET apps and GET apps/getApp answer it (docs/product.md §3 Application). */
export const appDtoSchema = yup
  .object({
    id: int(),
    name: text(),
    packageName: text(),
    adminId: int(),
    adminName: text().meta({ description: "The app admin's name and family" }),
    sign: text(),
    cppSign: textOrNull(),
    description: textOrNull(),
    firebaseConfig: textOrNull(),
    email: textOrNull(),
    active: yup.boolean().defined(),
    apiKey: text().meta({ description: '256-bit random key (64 hex characters) the mobile app sends as appapikey' }),
    googlePlayLink: textOrNull(),
    repoName: textOrNull(),
    hasRobotApiKey: yup.boolean().defined().meta({ description: 'Whether a robot API key exists; the key is shown only once, when generated' }),
    createdAt: isoTime(),
  })
  .defined();

/** A page of GET apps/devices. */
export const deviceListSchema = yup
  .object({
    rows: yup.array(deviceDtoSchema).defined(),
    count: int(),
    /** True when `count` is the server's estimate, past the figure it counts exactly. */
    countEstimated: bool(),
  })
  .defined();

const sourceHost = (h: SourceHost) =>
  yup
    .string()
    .nullable()
    .optional()
    .meta({ description: `role_id 1 only: the ${h} repository URL, encrypted with the app's core key` });

/** The five source-host URLs by host, null when unset: as apps/decryptDomain answers them (GET apps adds them encrypted). */
export const sourceHostValuesSchema = yup
  .object(Object.fromEntries(SOURCE_HOSTS.map((h) => [h, textOrNull()])) as Record<SourceHost, ReturnType<typeof textOrNull>>)
  .defined();

/** A row of GET apps: the application, plus the five encrypted source-host URLs for role_id 1. */
export const appListItemSchema = appDtoSchema.shape({
  github: sourceHost('github'),
  gitlab: sourceHost('gitlab'),
  gitea: sourceHost('gitea'),
  codeberg: sourceHost('codeberg'),
  bitbucket: sourceHost('bitbucket'),
});

/** One version of an app's block list (GET apps/versions/{appId}). */
export const versionDtoSchema = yup
  .object({
    id: int(),
    appVersion: yup.number().defined().meta({ description: '≥ 0, at most two decimals' }),
    status: yup.boolean().defined().meta({ description: 'true active, false blocked' }),
    app: yup.object({ name: text() }).defined(),
    devicesCount: int().meta({
      description: "The app's devices whose appVersionCode equals appVersion as a number (1.2 = 1.20): the ones told to update once it is blocked",
    }),
  })
  .defined();

/** One country of GET apps/countries (docs/product.md §3 Country). */
export const countryDtoSchema = yup
  .object({
    id: int(),
    code: text().meta({ description: 'ISO 3166-1 alpha-2, upper case' }),
    name: text(),
    timezones: yup.array(text()).defined(),
    flagUrl: text().meta({ description: 'Same-origin SVG, e.g. /api/v1/flags/ir.svg' }),
  })
  .defined();

// ---- The small answers of mutations ----

/** How many rows a bulk delete removed (apps/destroyServers, apps/destroyProfiles). */
export const deletedCountSchema = yup.object({ deleted: int() }).defined();

/** POST apps/group/addProfiles: how many profiles the file added. */
export const insertedCountSchema = yup.object({ inserted: int() }).defined();

/** POST apps/group/addProfiles: the profiles added, and the rows skipped as already on the server. */
export const profileImportResultSchema = yup.object({ inserted: int(), skipped: int() }).defined();

/** DELETE access/menus/{id}: how many items went, the item itself and all its descendants. */
export const menuDeleteResultSchema = yup.object({ removed: int() }).defined();

/** POST apps/addDevice: the registered device's id. */
export const deviceIdSchema = yup.object({ id: int() }).defined();

/** POST users/avatar: the new avatar's URL. */
export const avatarUrlSchema = yup.object({ avatar: text() }).defined();

/** POST apps/robotApiKey/{id} (or apps/updateSettings/{id} with robotApiKey: true): the generated key. */
export const robotApiKeySchema = yup.object({ robotApiKey: text().meta({ description: 'Shown once' }) }).defined();
