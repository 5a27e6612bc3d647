// Response shapes (DTOs) of docs/product.md §3 that both sides agree on. Those with a schema in
// ./responses are derived from it (the server serializes with the same schema).
import type * as yup from 'yup';
import type {
  appDtoSchema,
  avatarUrlSchema,
  countryDtoSchema,
  deletedCountSchema,
  deviceDtoSchema,
  insertedCountSchema,
  profileImportResultSchema,
  robotApiKeySchema,
  deviceListSchema,
  profileAddressSchema,
  profileDtoSchema,
  revealedProfileSchema,
  serverDtoSchema,
  sourceHostValuesSchema,
  versionDtoSchema,
} from './responses';
import type { adSettingEntrySchema, appSettingsDtoSchema, appWithSettingsSchema, operatorNamesSchema, privacyDtoSchema } from './responses-settings';
import type {
  appAdminOptionSchema,
  currentUserSchema,
  menuItemFieldsSchema,
  roleOptionSchema,
  signInResultSchema,
  staffUserSchema,
  totpChallengeSchema,
  totpEnableResultSchema,
  totpSetupResultSchema,
  usersListSchema,
} from './responses-users';
import type { clientConfigPreviewSchema, clientConfigSchema, clientProfileSchema } from './responses-client';

/** One permission menu item with its sub-items (a tree: the type is written out, its fields inferred). */
export type MenuItem = yup.InferType<typeof menuItemFieldsSchema> & { children: MenuItem[] };

/** users/current: the signed-in user with role, permission menu, avatar URL and grants. */
export type CurrentUser = yup.InferType<typeof currentUserSchema>;

/** The role as the fixed rules read it: its id and its English name (the key `admin` is a rule). */
export type RoleRef = Pick<CurrentUser['role'], 'id' | 'name'>;

/** A role's names as the panel shows them: the Persian one in Persian when it has one. */
export type RoleNames = CurrentUser['role'];

/** A row of GET users: the docs/product.md §3 User without the permission menu. */
export type StaffUser = yup.InferType<typeof staffUserSchema>;

/** GET users: the rows plus how many apps each user administers (users with none are absent). */
export type UsersListResponse = yup.InferType<typeof usersListSchema>;

/** GET users/appAdmins: an app-admin choice (docs/product.md §3 Application option). */
export type AppAdminOption = yup.InferType<typeof appAdminOptionSchema>;

export type SignInResult = yup.InferType<typeof signInResultSchema>;

/** users/signin for an account with TOTP: no token yet; users/signin/totp finishes with the challenge. */
export type TotpChallengeResult = yup.InferType<typeof totpChallengeSchema>;

export type SignInResponse = SignInResult | TotpChallengeResult;

/** users/totp/setup: the new secret (base32) and the otpauth:// URL an authenticator app reads. */
export type TotpSetupResult = yup.InferType<typeof totpSetupResultSchema>;

/** users/totp/enable: the 10 single-use recovery codes, shown this once. */
export type TotpEnableResult = yup.InferType<typeof totpEnableResultSchema>;

/** A role as users/totp/roles lists it, with whether its staff must use TOTP. */
export type RoleOption = yup.InferType<typeof roleOptionSchema>;

export interface DataResponse<T> {
  data: T;
}

export interface MutationResponse<T = undefined> {
  success: true;
  data?: T;
}

// ---- Applications (docs/product.md §3 Application, settings, ad settings, version record, country) ----

/** One application as GET apps and GET apps/getApp answer it (docs/product.md §3 Application). */
export type AppDto = yup.InferType<typeof appDtoSchema>;

/** The five source-host URLs: decrypted by apps/decryptDomain, added encrypted to an AppDto for role_id 1. */
export type SourceHostValues = yup.InferType<typeof sourceHostValuesSchema>;

/** GET apps/getApp/{id}: the application with its settings. */
export type AppWithSettings = yup.InferType<typeof appWithSettingsSchema>;

/** Every docs/product.md §3 settings field, by its SPEC name (GET apps/getApp's `settings`). */
export type AppSettingsDto = yup.InferType<typeof appSettingsDtoSchema>;

/** One entry of GET apps/adsSettings; string ids, boolean flags, integer intervals (seconds). */
export type AdSettingEntry = yup.InferType<typeof adSettingEntrySchema>;

/** GET apps/privacy: the stored (sanitised) policy; updatedAt null while none was ever saved. */
export type PrivacyDto = yup.InferType<typeof privacyDtoSchema>;

/** GET apps/settings/operators: the four operator display names. */
export type OperatorNames = yup.InferType<typeof operatorNamesSchema>;

/** One version as GET apps/versionBlock/{appId} answers it (docs/product.md §3 Version record). */
export type VersionDto = yup.InferType<typeof versionDtoSchema>;

/** One country of GET apps/countries (docs/product.md §3 Country). */
export type CountryDto = yup.InferType<typeof countryDtoSchema>;

// ---- Servers and profiles (docs/product.md §3 Server, Profile) ----

/** One server of the server lists. */
export type ServerDto = yup.InferType<typeof serverDtoSchema>;

/**
 * One connection profile of GET apps/profiles/{serverId}. The sealed address is not part of it:
 * GET apps/profileAddress/{id} answers one profile's token, which POST apps/convertProfile turns
 * into the readable link.
 */
export type ProfileDto = yup.InferType<typeof profileDtoSchema>;

/** GET apps/profileAddress/{id}: the sealed address token of one profile (opaque). */
export type ProfileAddressDto = yup.InferType<typeof profileAddressSchema>;

/** POST apps/convertProfile: the readable link and its parsed fields. */
export type RevealedProfile = yup.InferType<typeof revealedProfileSchema>;

/** One device of GET apps/devices and of the device edit and registration answers. */
export type DeviceDto = yup.InferType<typeof deviceDtoSchema>;

/** A page of GET apps/devices. */
export type DeviceList = yup.InferType<typeof deviceListSchema>;

// ---- What the mobile apps receive (docs/product.md §7 "Mobile apps") ----

/** GET apps/client/config's `data`. */
export type ClientConfig = yup.InferType<typeof clientConfigSchema>;
export type ClientSettings = ClientConfig['settings'];
export type ClientProfile = yup.InferType<typeof clientProfileSchema>;

/** GET apps/clientConfigPreview/{appId}: the config call's answer decoded, and its change history. */
export type ClientConfigPreview = yup.InferType<typeof clientConfigPreviewSchema>;

// ---- The small answers of mutations ----

/** apps/destroyServers, apps/destroyProfiles: how many rows went. */
export type DeletedCount = yup.InferType<typeof deletedCountSchema>;
/** POST apps/group/addProfiles: how many profiles the file added. */
export type InsertedCount = yup.InferType<typeof insertedCountSchema>;
export type ProfileImportResult = yup.InferType<typeof profileImportResultSchema>;
/** POST users/avatar: the new avatar's URL. */
export type AvatarUrl = yup.InferType<typeof avatarUrlSchema>;
/** POST apps/robotApiKey/{id} (or apps/updateSettings/{id} with robotApiKey: true): the generated key, shown once. */
export type RobotApiKey = yup.InferType<typeof robotApiKeySchema>;
