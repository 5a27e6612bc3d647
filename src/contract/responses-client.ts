// What the mobile apps receive, described once like ./responses.ts: the answer of GET
// apps/client/config (rendered once per config version by server/src/domain/client-config.ts, so
// its schema documents the bytes rather than serializing them) and the panel's decoded view of it,
// GET apps/clientConfigPreview/{id}.
import * as yup from 'yup';
import { AD_SLOTS, OPERATORS, PROFILE_TYPES, PROTOCOLS, type AdSlot, type Operator } from './enums';
import { bool, int, isoTime, num, text, textOrNull } from './response-fields';
import { CLIENT_LINKS, CLIENT_SETTINGS, SETTING_FIELDS } from './schemas/app-settings';

const keyed = <K extends string, S extends yup.Schema>(keys: readonly K[], field: () => S) =>
  yup.object(Object.fromEntries(keys.map((k) => [k, field()])) as Record<K, S>).defined();

/**
 * Settings the apps read: the fields whose line in the settings table (schemas/app-settings.ts) says
 * toClient, never the keys, robot key, robotIp or repoName; country lists arrive as arrays of codes.
 */
export const clientSettingsSchema = yup
  .object({
    ...(Object.fromEntries(
      CLIENT_SETTINGS.map((k) => [k, SETTING_FIELDS[k].kind === 'countries' ? yup.array(text()).defined() : SETTING_FIELDS[k].answer()]),
    ) as {
      [K in (typeof CLIENT_SETTINGS)[number]]: K extends 'selectedCountries' | 'blockedCountries'
        ? yup.ArraySchema<string[], yup.AnyObject>
        : ReturnType<(typeof SETTING_FIELDS)[K]['answer']>;
    }),
    links: yup
      .object(Object.fromEntries(CLIENT_LINKS.map((k) => [k, textOrNull()])) as Record<(typeof CLIENT_LINKS)[number], ReturnType<typeof textOrNull>>)
      .defined(),
  })
  .defined();

const profileFields = {
  id: int(),
  name: text(),
  protocol: yup.string().oneOf(PROTOCOLS).defined(),
  type: yup.string().oneOf(PROFILE_TYPES).defined(),
  operator: yup.string().oneOf(OPERATORS).defined(),
};

/** One profile of the config: its share link encrypted like apps/wordEncryption. */
export const clientProfileSchema = yup
  .object({ ...profileFields, config: text().meta({ description: 'The share link, AES-256-CBC under newCoreKey/newCoreIv, PKCS#7, standard base64' }) })
  .defined();

const clientServer = <P extends yup.Schema>(profile: P) =>
  yup.object({ id: int(), country: yup.object({ code: text(), name: text() }).defined(), flagUrl: text(), profiles: yup.array(profile).defined() }).defined();

const clientConfigFields = {
  app: yup.object({ name: text(), packageName: text() }).defined(),
  settings: clientSettingsSchema,
  ads: yup
    .object({
      active: bool(),
      gdprActive: bool(),
      smartActive: bool(),
      IDApp: textOrNull(),
      slots: keyed<AdSlot, ReturnType<typeof adSlot>>(AD_SLOTS, adSlot),
    })
    .defined(),
  operators: keyed<Operator, ReturnType<typeof text>>(OPERATORS, text),
  update: yup
    .object({
      appVersion: num(),
      forceUpdate: bool(),
      blocked: bool().meta({ description: "The caller's versionCode is a blocked version" }),
      text: textOrNull().meta({ description: 'The update text in the language asked for' }),
      storeLink: textOrNull(),
    })
    .defined(),
  servers: yup.array(clientServer(clientProfileSchema)).defined(),
  privacyUrl: text().meta({ description: 'Path of the public policy page, on the origin the app calls' }),
};

function adSlot() {
  return yup.object({ id: textOrNull(), active: bool(), interval: int().meta({ description: 'Seconds' }) }).defined();
}

/** GET apps/client/config's `data`. */
export const clientConfigSchema = yup.object(clientConfigFields).defined();

const configChange = () => yup.object({ version: int(), changedAt: isoTime(), changedBy: textOrNull() }).defined();

/** GET apps/clientConfigPreview/{id}: the config decoded (each profile's `link` instead of `config`) and its history. */
export const clientConfigPreviewSchema = yup
  .object({
    keysMissing: bool(),
    config: yup
      .object({
        ...clientConfigFields,
        servers: yup
          .array(
            clientServer(
              yup
                .object({ ...profileFields, link: textOrNull().meta({ description: 'The decrypted share link for role_id 1, null for everyone else' }) })
                .defined(),
            ),
          )
          .defined(),
      })
      .nullable()
      .defined(),
    version: configChange().nullable().meta({ description: 'The current config version; null before any change' }),
    history: yup.array(configChange()).defined().meta({ description: 'The latest changes, newest first, each with the action ("table:op") that made it' }),
  })
  .defined();
