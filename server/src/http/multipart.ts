// The one reader of multipart/form-data bodies (avatar upload, CSV import). Whatever is wrong with
// the body itself (no boundary, a truncated part, a missing final boundary, a body that is not
// multipart at all) is the client's mistake and answers 400 BAD_REQUEST, never a 500; a part over
// its size limit keeps its 413. Field texts and file names get the NUL rule of http/validation.ts.
import type { FastifyRequest } from 'fastify';
import { V } from '../../../src/contract';
import { HttpError } from './errors';
import { findNulCharacter } from './validation';

export interface FormFile {
  bytes: Buffer;
  filename: string;
  mimetype: string;
}

export interface FormData {
  /** The first file part of each field name. */
  files: Record<string, FormFile>;
  /** The first text part of each field name. */
  fields: Record<string, string>;
}

export interface FormLimits {
  fileSize: number;
  files?: number;
}

/** Reads the whole body; throws HttpError 400 when it is malformed, the plugin's 413 past a limit. */
export async function readForm(request: FastifyRequest, limits: FormLimits): Promise<FormData> {
  const form: FormData = { files: {}, fields: {} };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        // Every file is read to the end (later ones dropped) so the stream moves on.
        const bytes = await part.toBuffer();
        form.files[part.fieldname] ??= { bytes, filename: part.filename, mimetype: part.mimetype };
      } else if (typeof part.value === 'string' || typeof part.value === 'number') {
        form.fields[part.fieldname] ??= String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof HttpError || (err as { statusCode?: number }).statusCode === 413) throw err;
    // busboy's parse errors ("Boundary not found", "Part terminated early", "Unexpected end of
    // form") and the plugin's own (not multipart, premature close) all describe the body.
    throw HttpError.badRequest(`Malformed multipart body: ${(err as Error).message}`);
  }
  const nul = findNulCharacter(form.fields) ?? findNulCharacter(Object.fromEntries(Object.entries(form.files).map(([k, f]) => [k, f.filename])));
  if (nul !== undefined) throw HttpError.validation({ [nul]: V.checkInput }, 'Text must not contain NUL characters');
  return form;
}
