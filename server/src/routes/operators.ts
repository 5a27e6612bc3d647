// GET and POST apps/settings/operators (docs/product.md §7, §3 Operator settings): the four global operator
// display names. Reading is open to every signed-in user, since profile forms of every role show
// operator names; writing is for role_id 1 only, as the settings page sits under /servers/settings,
// a top-admin-only menu entry (docs/product.md §2, seed grants).
import type { FastifyInstance } from 'fastify';
import { operatorSettingsSchema, type OperatorSettingsBody } from '../../../src/contract';
import { dataResponse, successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { operatorNamesSchema } from '../../../src/contract/responses-settings';
import { noRecord } from '../auth/access';

const tags = ['servers'];

const namesSchema = responseSchema(operatorNamesSchema);

export async function operatorRoutes(app: FastifyInstance) {
  app.get(
    '/apps/settings/operators',
    {
      config: { access: noRecord('operator settings belong to no app') },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'The four operator display names',
        description: 'A name never saved reads as an empty string.',
        response: { 200: dataResponse(namesSchema) },
      },
    },
    async (request) => ({ data: await request.repos.operators.get() }),
  );

  app.post<{ Body: OperatorSettingsBody }>(
    '/apps/settings/operators',
    {
      config: {
        access: noRecord('operator settings belong to no app (role_id 1)'),
        audit: { action: 'operators.update', target: 'operators', id: () => 'all' },
      },
      preValidation: app.authorize({ policy: 'operators:edit' }),
      schema: {
        tags,
        summary: 'Save the four operator display names',
        description: 'All four are required and stored trimmed; a blank one is a 400 naming it. Answers the saved names.',
        body: yupSchema(operatorSettingsSchema),
        response: { 200: successResponse(namesSchema) },
      },
    },
    async (request) => {
      await request.repos.operators.set(request.body);
      return { success: true, data: await request.repos.operators.get() };
    },
  );
}
