// GET apps/countries (docs/product.md §7 "Options and lists") and the flag images its `flagUrl`s point at.
// Flags come from the flag-icons package (MIT, 4:3 SVGs for every ISO 3166-1 code) and are served
// by this API, so the panel shows them without internet access and within its CSP (img-src 'self').
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { V } from '../../../src/contract';
import { HttpError } from '../http/errors';
import { dataResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { countryDtoSchema } from '../../../src/contract/responses';
import { noRecord } from '../auth/access';

const tags = ['servers'];

const countrySchema = responseSchema(countryDtoSchema);

const flagParams = yup.object({
  code: yup
    .string()
    .required(V.required)
    .matches(/^[A-Za-z]{2}$/, V.checkInput),
});

const FLAGS_DIR = path.join(path.dirname(require.resolve('flag-icons/package.json')), 'flags', '4x3');
/** Flags are small (about 1 KB each, 271 in all) and never change while the process runs. */
const flagCache = new Map<string, Buffer | null>();

async function loadFlag(code: string): Promise<Buffer | null> {
  if (!flagCache.has(code)) {
    flagCache.set(code, await readFile(path.join(FLAGS_DIR, `${code}.svg`)).catch(() => null));
  }
  return flagCache.get(code) ?? null;
}

export async function countryRoutes(app: FastifyInstance) {
  app.get(
    '/apps/countries',
    {
      config: { access: noRecord('countries belong to no app') },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'The world country list (about 249 entries) with time zones and flag URLs, sorted by name',
        response: { 200: dataResponse({ type: 'array', items: countrySchema }) },
      },
    },
    async (request) => ({ data: await request.repos.countries.list() }),
  );

  // Public like the avatars: an <img> cannot send the Authorization header, and flags are no secret.
  app.get<{ Params: yup.InferType<typeof flagParams> }>(
    '/flags/:code.svg',
    { schema: { tags, summary: 'A country flag (SVG, 4:3) by ISO code, e.g. /flags/ir.svg', params: yupSchema(flagParams) } },
    async (request, reply) => {
      const svg = await loadFlag(request.params.code.toLowerCase());
      if (!svg) throw HttpError.notFound('Flag not found');
      return reply.header('cache-control', 'public, max-age=604800').type('image/svg+xml').send(svg);
    },
  );
}
