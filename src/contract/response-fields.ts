// Building blocks of the response schemas (./responses*.ts): each field of a response is defined
// (present, possibly null), so the derived JSON Schema lists it as required and its type has no `?`.
import * as yup from 'yup';

export const int = () => yup.number().integer().defined();
export const num = () => yup.number().defined();
export const bool = () => yup.boolean().defined();
export const text = () => yup.string().defined();
export const textOrNull = () => yup.string().nullable().defined();
export const isoTime = (description?: string) => yup.string().defined().meta({ format: 'date-time', description });
export const idName = () => yup.object({ id: int(), name: text() }).defined();
/** A JSON object of free keys whose values all follow `values`. */
export const record = <S extends yup.Schema>(values: S, description?: string) =>
  yup.mixed<Record<string, yup.InferType<S>>>().defined().meta({ additionalProperties: values, description });

/** A JSON object whose keys are not fixed (all written as they are), or null. */
export const looseObjectOrNull = (description?: string) =>
  yup.mixed<Record<string, unknown>>().nullable().defined().meta({ additionalProperties: true, description });
