// The error body every call answers with (docs/architecture.md §5, one error shape), described once
// like ./responses.ts: the server registers it as the shared `Error` schema and the profile CSV
// import adds its first failing rows and their count; errors.ts derives ApiErrorBody and CsvRowError from it.
import * as yup from 'yup';
import { CSV_COLUMNS } from './schemas/profiles';
import { int, record, text } from './response-fields';

/** `{message, code, errors?, values?}`: errors maps each failing field to a message id, values to what that message names. */
export const errorBodySchema = yup
  .object({
    message: text(),
    code: text(),
    errors: record(text()).optional(),
    values: record(record(yup.number().defined()), 'Per failing field, the values its message names (the limit of validation.tooLong: {max})').optional(),
    retryAfterMinutes: int()
      .optional()
      .meta({ description: 'A sign-in lock (429): the whole minutes until it ends, rounded up (Retry-After has the seconds)' }),
  })
  .defined();

/** One failing row of a refused profile CSV import (POST apps/group/addProfiles). */
export const csvRowErrorSchema = yup
  .object({
    row: int().meta({ description: '1 = the first line after the header; 0 = the whole file' }),
    /** The failing column, or null when the row (or file) fails as a whole. */
    field: yup
      .string()
      .nullable()
      .oneOf([...CSV_COLUMNS, null])
      .defined(),
    reason: text().meta({ description: 'A message id (csv.*, shareLink.* or validation.*), with its values as `id?key=value` (validation.tooLong?max=100)' }),
  })
  .defined();

/**
 * Row errors a refused import names at most: those of its first failing rows, whole rows only
 * (`failedRows` counts them all), so a 100,000-row file of bad rows answers a few KB.
 */
export const CSV_ROW_ERRORS_MAX = 100;

/** The error body with, for a refused file import, its first failing rows and how many failed. */
export const apiErrorBodySchema = errorBodySchema.shape({
  rows: yup
    .array(csvRowErrorSchema)
    .optional()
    .meta({ description: `At most ${CSV_ROW_ERRORS_MAX}: the problems of the first failing rows, whole rows only` }),
  failedRows: int().optional().meta({ description: 'How many data rows failed in all (0 when the file fails as a whole)' }),
  duplicateRows: int().optional().meta({ description: 'DUPLICATE_PROFILES: the rows whose address the server (or an earlier row) already has' }),
  importRows: int().optional().meta({ description: 'DUPLICATE_PROFILES: the valid rows of the file, duplicates included' }),
});
