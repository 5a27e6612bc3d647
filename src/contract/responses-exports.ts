// The answer of GET apps/exportFormats/{id} (docs/product.md §7 "Profiles"): which export formats a
// profile has, and for each one it lacks, why, in the words of the export itself (the code and the
// `errors` that apps/exportProfile would answer). The panel's profile popup offers what is there
// and says why the rest is not. Described once like ./responses.ts.
import * as yup from 'yup';
import { PROFILE_EXPORT_FORMATS } from './schemas/client-config';
import { bool, record, text } from './response-fields';

export const profileExportFormatSchema = yup
  .object({
    format: yup.string().oneOf(PROFILE_EXPORT_FORMATS).defined(),
    available: bool(),
    /** Absent when available: UNSUPPORTED_BY_CORE or TOO_LONG_FOR_QR. */
    code: yup.string().optional(),
    /** Absent when available: each field of the link with its export.* reason. */
    errors: record(text(), 'The failing fields of the link, each with an export.* message id').optional(),
  })
  .defined();

export const profileExportFormatsSchema = yup
  .object({ formats: yup.array(profileExportFormatSchema).defined().meta({ description: 'Every format, in the order of PROFILE_EXPORT_FORMATS' }) })
  .defined();

export type ProfileExportFormatDto = yup.InferType<typeof profileExportFormatSchema>;
export type ProfileExportFormatsDto = yup.InferType<typeof profileExportFormatsSchema>;
