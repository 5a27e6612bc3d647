// A recorded field (a column of the changed row, as the server's diff names it) as the label its
// form shows: the message ids are the forms' own, so a label reads the same here as where it is
// edited. Per target type: ids named explicitly where the column and the form differ, then the
// forms' prefixes tried in order; a field no form shows keeps its recorded name.

interface FieldMap {
  ids?: Record<string, string>;
  prefixes: readonly string[];
}

const FIELDS: Record<string, FieldMap> = {
  user: {
    ids: {
      needToChangePass: 'users.fields.mustChangePassword',
      passwordHash: 'users.fields.password',
      roleId: 'users.fields.role',
      active: 'users.fields.status',
    },
    prefixes: ['users.fields.'],
  },
  role: {
    ids: {
      name: 'users.access.roles.fields.enName',
      description: 'users.access.roles.fields.enDescription',
      scope: 'users.access.permissions.scope',
      menuIds: 'users.access.permissions.menus',
      operations: 'users.access.permissions.operations',
      requireTotp: 'users.totp.rolesTitle',
    },
    prefixes: ['users.access.roles.fields.'],
  },
  menu: { prefixes: ['users.access.menus.fields.'] },
  app: {
    ids: {
      adminId: 'apps.fields.admin',
      active: 'apps.fields.status',
      robotApiKeyHash: 'apps.fields.robotApiKey',
      idApp: 'apps.ads.fields.IDApp',
      adMob: 'apps.ads.master',
      adsForceByVpn: 'apps.settings.fields.adsForceByVPN',
      adsForceByVpnInForeign: 'apps.settings.fields.adsForceByVPNInForeign',
      adsForceByVpnInIran: 'apps.settings.fields.adsForceByVPNInIran',
      userConnectionLimit: 'apps.settings.fields.UserConnectionLimit',
      apiBases: 'apps.bundle.basesLabel',
    },
    prefixes: ['apps.fields.', 'apps.settings.fields.', 'apps.ads.fields.'],
  },
  server: {
    ids: { countryId: 'servers.fields.country', passwordEnc: 'servers.fields.password', appIds: 'servers.fields.apps' },
    prefixes: ['servers.fields.'],
  },
  profile: { ids: { addressEnc: 'servers.profile.fields.address' }, prefixes: ['servers.profile.fields.'] },
  device: { ids: { appId: 'devices.fields.app' }, prefixes: ['devices.fields.'] },
  version: { ids: { appVersion: 'apps.versions.version' }, prefixes: [] },
  operators: { prefixes: ['servers.settings.fields.'] },
};

/** An ad slot's column (`intConId`, `rew2Active`): the slot's name and the slot form's field label. */
const AD_SLOT = /^(.+?)(Id|Active|Interval)$/;
const AD_FIELD: Record<string, string> = { Id: 'apps.ads.fields.unitId', Active: 'apps.ads.fields.active', Interval: 'apps.ads.fields.interval' };

interface Intl {
  messages: Record<string, unknown>;
  formatMessage: (d: { id: string }) => string;
}

/** The message id of a field's form label, or undefined when no form shows it. */
export function fieldLabelId(targetType: string | null, field: string, messages: Record<string, unknown>): string | undefined {
  const map = targetType ? FIELDS[targetType] : undefined;
  if (!map) return undefined;
  const named = map.ids?.[field];
  if (named && named in messages) return named;
  return map.prefixes.map((prefix) => `${prefix}${field}`).find((id) => id in messages);
}

/**
 * A field as its form labels it in the page's language; an ad slot's field as its slot and label;
 * else its recorded name, isolated so that it keeps its own order in a Persian line.
 */
export function fieldLabel(targetType: string | null, field: string, intl: Intl): string {
  const id = fieldLabelId(targetType, field, intl.messages);
  if (id) return intl.formatMessage({ id });
  const slot = targetType === 'app' ? AD_SLOT.exec(field) : null;
  const slotId = slot && `apps.ads.slots.${slot[1]}`;
  if (slot && slotId && slotId in intl.messages) return `${intl.formatMessage({ id: slotId })}: ${intl.formatMessage({ id: AD_FIELD[slot[2]] })}`;
  return `\u2068${field}\u2069`;
}
