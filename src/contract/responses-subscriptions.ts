// The answers of apps/subscriptions (docs/product.md §7 "Profiles"), described once like ./responses.ts.
import * as yup from 'yup';
import { int, isoTime, text, textOrNull } from './response-fields';

export const subscriptionDtoSchema = yup
  .object({
    id: int(),
    label: text(),
    scope: yup
      .object({
        kind: yup
          .string()
          .oneOf(['server', 'app'] as const)
          .defined(),
        id: int(),
        name: text(),
      })
      .defined()
      .meta({ description: "What it covers: one server's profiles, or those of every server linked to one app" }),
    operator: textOrNull().meta({ description: "Only this operator's profiles; all when null" }),
    format: textOrNull().meta({ description: "links, base64 or xray; null: by ?format or the client's User-Agent" }),
    createdAt: isoTime(),
    lastFetchedAt: yup.string().nullable().defined().meta({ format: 'date-time' }),
    fetchCount: int(),
  })
  .defined();

/** The answer of a create: the row, and the token and its path, shown this once. */
export const subscriptionCreatedSchema = subscriptionDtoSchema.shape({
  token: text().meta({ description: '256 random bits, base64url; only its hash is stored, so this is the one time it is shown' }),
  path: text().meta({ description: 'The public path under the API base: sub/{token}' }),
});

export type SubscriptionDto = yup.InferType<typeof subscriptionDtoSchema>;
export type SubscriptionCreatedDto = yup.InferType<typeof subscriptionCreatedSchema>;
