// POST apps/group/addProfiles (docs/product.md §7 "Profiles", docs/architecture.md §7): a server's profiles
// imported from a CSV file, all rows or none. The file is parsed and every row checked
// (domain/csv-import.ts) before anything is written; a refused file is an HttpError carrying every
// failing row, shaped by http/errors.ts like every other error. One audit record for the file, with the count.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { CSV_FILE_FIELD, CSV_MAX_BYTES, CSV_MESSAGES, ERROR_CODES, OPERATORS, V, profileImportSchema, type CsvRowError, type Operator } from '../../../src/contract';
import { dropPrototypeKeys, str } from '../../../src/contract/schemas/common';
import { auditDetail, auditTarget } from '../audit/context';
import { mapCooperatively } from '../domain/cooperative';
import { isCsvFailure, parseProfileCsv } from '../domain/csv-import';
import { HttpError } from '../http/errors';
import { readForm } from '../http/multipart';
import { successResponse } from '../http/schemas';
import { docsOnly, responseSchema } from '../http/validation';
import { apiErrorBodySchema } from '../../../src/contract/responses-errors';
import { insertedCountSchema } from '../../../src/contract/responses';
import { inTransaction } from '../repositories';
import type { ProfileValues } from '../repositories/profiles';
import { PROFILE_ADDRESS_CONTEXT } from './profiles';
import { ownsInHandler, requireAccess } from '../auth/access';

const tags = ['profiles'];

/** The import's optional multipart field `operator`: CSV rows carry none, so one applies to the file. */
const importFieldsSchema = profileImportSchema.concat(
  yup.object({ operator: str().oneOf(OPERATORS, V.oneOf).default('others') }).transform(dropPrototypeKeys),
);

/** 400/413 of the batch import: the usual error body plus every failing row. */
const csvErrorSchema = responseSchema(apiErrorBodySchema);

/** The refusal of a file: 413 when it is too large or has too many rows, else 400; every failing row listed. */
function refusedFile(rows: CsvRowError[]): HttpError {
  const fileLevel = rows.find((e) => e.row === 0);
  const tooLarge = fileLevel?.reason === CSV_MESSAGES.tooLarge || fileLevel?.reason === CSV_MESSAGES.tooManyRows;
  return new HttpError(
    tooLarge ? 413 : 400,
    tooLarge ? ERROR_CODES.tooLarge : ERROR_CODES.validation,
    fileLevel ? 'The CSV file cannot be imported' : `${rows.length} problem(s) in the CSV rows; nothing was imported`,
    { [CSV_FILE_FIELD]: fileLevel?.reason ?? V.checkInput },
    { rows },
  );
}

export async function profileImportRoutes(app: FastifyInstance) {
  const seal = (link: string) => app.secrets.seal(link, PROFILE_ADDRESS_CONTEXT);

  app.post(
    '/apps/group/addProfiles',
    {
      config: { access: [ownsInHandler('server')], audit: { action: 'profile.import', target: 'server' } },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Import profiles from a CSV file (all rows or none)',
        description:
          'Multipart: `csvFile` (UTF-8 CSV, header address,name,protocol,type, at most 10 MB and 100,000 rows), `serverId`, and optionally ' +
          '`operator` (irancell, mci, wifi or others; default others) for every row. Imported profiles are of type normal. ' +
          'No file: 400 with errors.csvFile = validation.selectFileFirst. Bad rows: 400 with `rows` listing every failing row ' +
          '(row 1 = the first line after the header, 0 = the whole file) and nothing inserted. Too large or too many rows: 413.',
        consumes: ['multipart/form-data'],
        body: docsOnly({
          type: 'object',
          properties: {
            [CSV_FILE_FIELD]: { type: 'string', format: 'binary' },
            serverId: { type: 'integer' },
            operator: { type: 'string', enum: [...OPERATORS] },
          },
          required: [CSV_FILE_FIELD, 'serverId'],
        }),
        response: {
          200: successResponse(responseSchema(insertedCountSchema)),
          400: csvErrorSchema,
          413: csvErrorSchema,
        },
      },
    },
    async (request) => {
      const { file, fields } = await readImportParts(request);
      if (!file) throw HttpError.validation({ [CSV_FILE_FIELD]: V.selectFileFirst }, 'No CSV file');
      const { serverId, operator } = importFieldsSchema.validateSync(fields, { abortEarly: false, stripUnknown: true });
      await requireAccess(app.db, request, 'server', [serverId], 'write');

      const result = await parseProfileCsv(file);
      if (isCsvFailure(result)) throw refusedFile(result.errors);
      // sealed a slice at a time (about 0.7 s for 100,000 links in one go)
      const rows: ProfileValues[] = await mapCooperatively(result.rows, (r) => ({
        serverId,
        name: r.name,
        operator: operator as Operator,
        protocol: r.protocol,
        type: 'normal' as const,
        addressEnc: seal(r.link.link),
      }));
      const inserted = await inTransaction(app.db, (repos) => repos.profiles.insertMany(rows));
      // One record for the whole file, with the count (docs/product.md §7 "Audit log").
      auditTarget(serverId);
      auditDetail({ count: inserted });
      return { success: true, data: { inserted } };
    },
  );}

/** The file (first `csvFile` part) and the text fields of the import; 413 past the size limit. */
async function readImportParts(request: FastifyRequest): Promise<{ file?: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) return { fields: {} };
  try {
    const form = await readForm(request, { fileSize: CSV_MAX_BYTES });
    return { file: form.files[CSV_FILE_FIELD]?.bytes, fields: form.fields };
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) {
      throw HttpError.tooLarge('The CSV file is over 10 MB', { [CSV_FILE_FIELD]: CSV_MESSAGES.tooLarge });
    }
    throw err;
  }
}
