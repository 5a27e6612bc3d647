// The privacy policy of the settings pages (docs/product.md §2 "Settings pages", §7 apps/setPrivacy). Saving
// is for role_id 1 (the settings menu is the top admin's); reading the current policy (our
// addition, for the editor to load) is open to any signed-in user. The HTML is sanitised with an
// allowlist before it is stored (docs/architecture.md §6), and the stored form is what both calls answer.
import type { FastifyInstance } from 'fastify';
import { privacySchema, type PrivacyBody } from '../../../src/contract';
import { sanitizePolicyHtml } from '../domain/sanitize-html';
import { dataResponse, successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { privacyDtoSchema } from '../../../src/contract/responses-settings';
import { noRecord } from '../auth/access';

const tags = ['settings'];

const privacyJson = responseSchema(privacyDtoSchema);

export async function privacyRoutes(app: FastifyInstance) {
  app.get(
    '/apps/privacy',
    {
      config: { access: noRecord('the privacy policy belongs to no app') },
      preValidation: app.authorize({ any: true }),
      schema: { tags, summary: 'The current privacy policy HTML (our addition to docs/product.md §7)', response: { 200: dataResponse(privacyJson) } },
    },
    async (request) => ({ data: await request.repos.privacy.get() }),
  );

  app.post<{ Body: PrivacyBody }>(
    '/apps/setPrivacy',
    {
      config: { access: noRecord('the privacy policy belongs to no app (role_id 1)'), audit: { action: 'privacy.update', target: 'privacy', id: () => 1 } },
      preValidation: app.authorize({ policy: 'privacy:edit' }),
      schema: {
        tags,
        summary: 'Save the privacy policy',
        description:
          "The HTML is sanitised with an allowlist (the editor's blocks, marks, lists, links and images; no script, style, " +
          'iframe, event handler or javascript: URL) and answered as stored. An empty string clears the policy.',
        body: yupSchema(privacySchema),
        response: { 200: successResponse(privacyJson) },
      },
    },
    async (request) => ({ success: true, data: await request.repos.privacy.set(sanitizePolicyHtml(request.body.privacy)) }),
  );
}
