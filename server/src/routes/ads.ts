// docs/product.md §7 ad settings calls: GET apps/adsSettings/{id}, POST apps/showAds/{id} (the adMob master)
// and POST apps/updateSettingsAdmob/{id} (the ad form). The docs/product.md §4 rules run here as well as in the
// form (checkAdRules from the contract), with the same message ids. Rights (docs/product.md §6): only the role
// named admin may change the ad text fields (IDApp and the slot ids), and role_id 5 may not change
// the smart section; sending such a field with its stored value is not a change, so a form may send
// its whole state back.
import type { FastifyInstance } from 'fastify';
import {
  AD_MASTER_KEY,
  AD_TEXT_FIELDS,
  SMART_AD_FIELDS,
  adSettingsSchema,
  checkAdRules,
  idParamsSchema,
  showAdsSchema,
  type AdSettingsBody,
  type AdSettingsField,
  type IdParams,
  type ShowAdsBody,
} from '../../../src/contract';
import { requireUser } from '../auth/authorize';
import { can } from '../auth/rbac';
import { HttpError } from '../http/errors';
import { dataResponse, successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { AD_FIELDS } from '../repositories/ads';
import { fromParams } from '../audit/plugin';
import { adSettingEntrySchema } from '../../../src/contract/responses-settings';
import { owns } from '../auth/access';

const tags = ['ads'];

const entrySchema = responseSchema(adSettingEntrySchema);

export async function adsRoutes(app: FastifyInstance) {
  app.get<{ Params: IdParams }>(
    '/apps/adsSettings/:id',
    {
      config: { access: [owns('app', fromParams('id'), 'read')] },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'The ad settings as a list of {key, value}',
        description: `The ${AD_MASTER_KEY} entry is the master switch; then ${AD_FIELDS.join(', ')}. Unset ids are ''.`,
        params: yupSchema(idParamsSchema),
        response: { 200: dataResponse({ type: 'array', items: entrySchema }) },
      },
    },
    async (request) => {
      return { data: await request.repos.ads.entries(request.params.id) };
    },
  );

  app.post<{ Params: IdParams; Body: ShowAdsBody }>(
    '/apps/showAds/:id',
    {
      config: { access: [owns('app', fromParams('id'))], audit: { action: 'app.showAds', target: 'appAds', id: fromParams('id') } },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Switch the ads master (adMob) on or off',
        description:
          'Off also clears the Active flags of rew, intCon, intDis, appOpen, rewIntCon, rewIntDis and rewIntServerlist; gdprActive follows the master.',
        params: yupSchema(idParamsSchema),
        body: yupSchema(showAdsSchema),
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      await request.repos.ads.setMaster(request.params.id, request.body.state);
      return { success: true };
    },
  );

  app.post<{ Params: IdParams; Body: AdSettingsBody }>(
    '/apps/updateSettingsAdmob/:id',
    {
      config: { access: [owns('app', fromParams('id'))], audit: { action: 'app.ads', target: 'appAds', id: fromParams('id') } },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Save the ad form',
        description:
          'Any subset of the ad fields. The docs/product.md §4 rules are checked on the stored values merged with the body: 400 with errors {<slot>Active: ads.adsOff | ads.pairConflict | ads.smartOff}. ' +
          'Changing IDApp or a slot id needs the role named admin, changing the smart section is refused to role_id 5 (403, naming the fields); sending the stored value is not a change.',
        params: yupSchema(idParamsSchema),
        body: yupSchema(adSettingsSchema),
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      const body = request.body as Partial<Record<AdSettingsField, string | boolean | number>>;
      const sent = request.sentKeys;
      // Checked and written in one transaction on the locked row, so two saves cannot together
      // produce a state that each alone would have been refused.
      const stored = await request.repos.ads.find(id, true);
      const changed = sent.filter(
        (k): k is AdSettingsField =>
          k in stored.values && body[k as AdSettingsField] !== undefined && body[k as AdSettingsField] !== stored.values[k as AdSettingsField],
      );
      const refused = [
        ...(can(user, 'ads:textFields') ? [] : changed.filter((k) => AD_TEXT_FIELDS.includes(k))),
        ...(!can(user, 'apps:smartSection') ? changed.filter((k) => SMART_AD_FIELDS.includes(k)) : []),
      ];
      if (refused.length) throw HttpError.forbidden(`This role may not change: ${[...new Set(refused)].join(', ')}`);

      type Flags = Parameters<typeof checkAdRules>[0];
      const merged = { ...stored.values, ...stripUndefined(body) };
      const violations = checkAdRules(merged as Flags, stored.adMob, stored.values as Flags);
      if (violations.length) {
        const errors: Record<string, string> = {};
        for (const v of violations) errors[v.field] ??= v.messageId;
        throw HttpError.validation(errors, 'The ad settings break an ad rule');
      }
      await request.repos.ads.update(id, request.body);
      return { success: true };
    },
  );
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
