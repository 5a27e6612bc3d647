// POST apps/group/addProfiles (docs/product.md §7 "Profiles", docs/architecture.md §7): a server's profiles
// imported from a CSV file, all rows or none. The file is read, parsed, every row checked
// (domain/csv-import.ts) and sealed before the audit's transaction opens; the handler, inside it,
// only inserts. A refused file is an HttpError carrying its first failing rows (at most 100 errors)
// and how many failed, shaped by http/errors.ts like every other error. Rows whose address the
// server already has (the same file imported twice) refuse the file with their count unless the
// call says to skip or import them (`duplicates`). One audit record for the file, with the counts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import {
  CSV_FILE_FIELD,
  CSV_MAX_BYTES,
  CSV_MESSAGES,
  ERROR_CODES,
  OPERATORS,
  PROFILE_IMPORT_DUPLICATES,
  V,
  profileImportSchema,
  type CsvRowError,
  type Operator,
} from '../../../src/contract';
import { dropPrototypeKeys, str } from '../../../src/contract/schemas/common';
import { auditDetail, auditTarget } from '../audit/context';
import { preparedFor } from '../audit/plugin';
import { mapCooperatively } from '../domain/cooperative';
import { isCsvFailure, parseProfileCsv, type CsvFailure } from '../domain/csv-import';
import { scanDuplicates } from '../domain/import-duplicates';
import { HttpError } from '../http/errors';
import { readForm } from '../http/multipart';
import { successResponse } from '../http/schemas';
import { docsOnly, responseSchema } from '../http/validation';
import { apiErrorBodySchema, CSV_ROW_ERRORS_MAX } from '../../../src/contract/responses-errors';
import { profileImportResultSchema } from '../../../src/contract/responses';
import type { ProfileValues } from '../repositories/profiles';
import { PROFILE_ADDRESS_CONTEXT } from '../domain/profile-address';
import { ownsInHandler, requireAccess } from '../auth/access';

const tags = ['profiles'];

/** The import's optional multipart field `operator`: CSV rows carry none, so one applies to the file. */
const importFieldsSchema = profileImportSchema.concat(yup.object({ operator: str().oneOf(OPERATORS, V.oneOf).default('others') }).transform(dropPrototypeKeys));

/** 400/413 of the batch import: the usual error body plus the first failing rows and their count. */
const csvErrorSchema = responseSchema(apiErrorBodySchema);

/**
 * The refusal of a file: 413 when it is too large or has too many rows, else 400; the first failing
 * rows listed (CSV_ROW_ERRORS_MAX errors at most) and `failedRows` counting them all.
 */
function refusedFile({ errors: rows, failedRows }: CsvFailure): HttpError {
  const fileLevel = rows.find((e: CsvRowError) => e.row === 0);
  const tooLarge = fileLevel?.reason === CSV_MESSAGES.tooLarge || fileLevel?.reason === CSV_MESSAGES.tooManyRows;
  // (http/errors.ts spreads `details` into the body; its type names `rows` only, hence the variable)
  const details = { rows, failedRows };
  return new HttpError(
    tooLarge ? 413 : 400,
    tooLarge ? ERROR_CODES.tooLarge : ERROR_CODES.validation,
    fileLevel ? 'The CSV file cannot be imported' : `${failedRows.toLocaleString('en')} row(s) of the CSV failed; nothing was imported`,
    { [CSV_FILE_FIELD]: fileLevel?.reason ?? V.checkInput },
    details,
  );
}

interface PreparedImport {
  serverId: number;
  rows: ProfileValues[];
  skipped: number;
}

export async function profileImportRoutes(app: FastifyInstance) {
  const seal = (link: string) => app.secrets.seal(link, PROFILE_ADDRESS_CONTEXT);

  /**
   * The upload, the parse, every row's checks and the sealing (seconds for 100,000 rows) run in the
   * audit's `prepare` step, before its transaction opens around the handler, so they hold no
   * database connection: on PGlite, one connection for everybody, every other request's query
   * (GET /api/health's too) would wait for them. Each step yields to the event loop between slices
   * (domain/cooperative.ts). The handler inserts what it answers (`preparedFor`).
   */
  async function prepareImport(request: FastifyRequest): Promise<PreparedImport> {
    const { file, fields } = await readImportParts(request);
    if (!file) throw HttpError.validation({ [CSV_FILE_FIELD]: V.selectFileFirst }, 'No CSV file');
    const { serverId, operator, duplicates } = importFieldsSchema.validateSync(fields, { abortEarly: false, stripUnknown: true });
    // checked before the file is parsed, and again by the handler inside the transaction
    await requireAccess(request.db, request, 'server', [serverId], 'write');
    const result = await parseProfileCsv(file);
    if (isCsvFailure(result)) throw refusedFile(result);
    const stored = (await request.repos.profiles.listStoredByServer(serverId)).map((p) => p.address);
    const scan = await scanDuplicates(
      result.rows,
      (r) => r.link.link,
      stored,
      (token) => app.secrets.open(token, PROFILE_ADDRESS_CONTEXT),
    );
    if (scan.duplicates > 0 && !duplicates) {
      throw new HttpError(409, ERROR_CODES.duplicateProfiles, `${scan.duplicates} row(s) repeat an address this server already has`, undefined, {
        duplicateRows: scan.duplicates,
        importRows: result.rows.length,
      });
    }
    const kept = duplicates === 'skip' ? scan.fresh : result.rows;
    const rows: ProfileValues[] = await mapCooperatively(kept, (r) => ({
      serverId,
      name: r.name,
      operator: operator as Operator,
      protocol: r.protocol,
      type: 'normal' as const,
      addressEnc: seal(r.link.link),
    }));
    return { serverId, rows, skipped: result.rows.length - kept.length };
  }

  app.post(
    '/apps/group/addProfiles',
    {
      config: { access: [ownsInHandler('server')], audit: { action: 'profile.import', target: 'server', prepare: prepareImport } },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Import profiles from a CSV file (all rows or none)',
        description:
          'Multipart: `csvFile` (UTF-8 CSV, header address,name,protocol,type, at most 10 MB and 100,000 rows), `serverId`, and optionally ' +
          '`operator` (irancell, mci, wifi or others; default others) for every row. Imported profiles are of type normal. ' +
          'No file: 400 with errors.csvFile = validation.selectFileFirst. Bad rows: 400 with `rows` listing the first failing rows ' +
          `(at most ${CSV_ROW_ERRORS_MAX} errors, whole rows), \`failedRows\` counting them all ` +
          '(row 1 = the first line after the header, 0 = the whole file) and nothing inserted. Too large or too many rows: 413. ' +
          `Rows whose address the server already has, or an earlier row has: without \`duplicates\` (${PROFILE_IMPORT_DUPLICATES.join(' or ')}), 409 DUPLICATE_PROFILES ` +
          'with `duplicateRows` and `importRows` and nothing inserted; `skip` leaves them out, `import` adds them anyway. Answers {inserted, skipped}.',
        consumes: ['multipart/form-data'],
        body: docsOnly({
          type: 'object',
          properties: {
            [CSV_FILE_FIELD]: { type: 'string', format: 'binary' },
            serverId: { type: 'integer' },
            operator: { type: 'string', enum: [...OPERATORS] },
            duplicates: { type: 'string', enum: [...PROFILE_IMPORT_DUPLICATES] },
          },
          required: [CSV_FILE_FIELD, 'serverId'],
        }),
        response: {
          200: successResponse(responseSchema(profileImportResultSchema)),
          400: csvErrorSchema,
          409: csvErrorSchema,
          413: csvErrorSchema,
        },
      },
    },
    async (request) => {
      const { serverId, rows, skipped } = preparedFor<PreparedImport>(request);
      await requireAccess(request.db, request, 'server', [serverId], 'write');
      const inserted = await request.repos.profiles.insertMany(rows);
      // One record for the whole file, with the count (docs/product.md §7 "Audit log").
      auditTarget(request, serverId);
      auditDetail(request, { count: inserted, ...(skipped && { skipped }) });
      return { success: true, data: { inserted, skipped } };
    },
  );
}

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
