// The domain-encryption tools (docs/product.md §2 "Domain encryption", §7 apps/wordEncryption and
// apps/decryptDomain; docs/architecture.md §7). Encrypting a word is open to any signed-in user for an
// app they may access; decrypting an app's stored source-host URLs belongs to the Apps tab, which
// is role_id 1 only. The cipher (domain/word-crypto.ts) is AES-256-CBC with the app's newCoreKey
// and newCoreIv, matching `openssl enc -aes-256-cbc -K <hex key> -iv <hex iv> -base64 -A`.
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { SOURCE_HOSTS, V, wordEncryptionSchema, type SourceHostValues, type WordEncryptionBody } from '../../../src/contract';
import { body, positiveId } from '../../../src/contract/schemas/common';

import { WordCryptoError, decryptWord, encryptWord } from '../domain/word-crypto';
import { HttpError } from '../http/errors';
import { dataResponse, successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { sourceHostValuesSchema } from '../../../src/contract/responses';
import type { CoreKeys } from '../repositories/encryption';
import { fromBody, fromParams } from '../audit/plugin';
import { owns } from '../auth/access';

const tags = ['encryption'];

const appIdParams = body({ appId: positiveId() });
type AppIdParams = yup.InferType<typeof appIdParams>;

const hostsJson = responseSchema(sourceHostValuesSchema);

/** An app whose key or IV is missing or malformed cannot encrypt: a state to fix in its settings (409). */
function usableKeys(keys: CoreKeys | undefined): { key: string; iv: string } {
  if (!keys?.newCoreKey || !keys.newCoreIv) throw HttpError.conflict(undefined, 'The application has no core key and IV');
  return { key: keys.newCoreKey, iv: keys.newCoreIv };
}

function cryptoConflict(err: unknown): never {
  if (err instanceof WordCryptoError) throw HttpError.conflict(undefined, `The application's core key or IV is unusable: ${err.message}`);
  throw err;
}

export async function encryptionRoutes(app: FastifyInstance) {
  app.post<{ Body: WordEncryptionBody }>(
    '/apps/wordEncryption',
    {
      config: {
        access: [owns('app', fromBody('appId'), 'read')],
        audit: { action: 'encryption.encryptWord', target: 'app', id: fromBody('appId'), always: true },
      },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: "Encrypt a word with the app's core key and IV",
        description:
          'Answers {success: true, data: "<standard base64>"}: AES-256-CBC, PKCS#7 padding, key = newCoreKey (32 UTF-8 bytes), ' +
          'IV = newCoreIv (16 UTF-8 bytes), the word as UTF-8 exactly as sent (not trimmed). Same as ' +
          '`printf %s "$WORD" | openssl enc -aes-256-cbc -K <key hex> -iv <iv hex> -base64 -A`. ' +
          "404 when the app does not exist or is not the caller's; 409 when the app has no usable key/IV.",
        body: yupSchema(wordEncryptionSchema),
        response: { 200: successResponse({ type: 'string', description: 'The encrypted word, standard base64' }) },
      },
    },
    async (request) => {
      const { appId, word } = request.body;
      const { key, iv } = usableKeys(await request.repos.encryption.coreKeys(appId));
      try {
        return { success: true, data: encryptWord(word, key, iv) };
      } catch (err) {
        cryptoConflict(err);
      }
    },
  );

  app.post<{ Params: AppIdParams }>(
    '/apps/decryptDomain/:appId',
    {
      config: {
        access: [owns('app', fromParams('appId'), 'read')],
        audit: { action: 'encryption.decryptDomains', target: 'app', id: fromParams('appId'), always: true },
      },
      preValidation: app.authorize({ policy: 'encryption:apps' }),
      schema: {
        tags,
        summary: "Decrypt the app's five stored source-host URLs",
        description:
          'Answers {data: {github, gitlab, gitea, codeberg, bitbucket}}: each the repository URL stored (encrypted) by ' +
          'apps/updateSettings {repoName}, or null when not set. 404 for a missing app; 409 when a stored value does not ' +
          "decrypt under the app's current key and IV (errors names those hosts).",
        params: yupSchema(appIdParams),
        response: { 200: dataResponse(hostsJson) },
      },
    },
    async (request) => {
      const { appId } = request.params;
      const stored = await request.repos.encryption.encryptedHosts(appId);
      const data = Object.fromEntries(SOURCE_HOSTS.map((h) => [h, null])) as SourceHostValues;
      if (!stored || SOURCE_HOSTS.every((h) => stored[h] === null)) return { data };
      const { key, iv } = usableKeys(stored);
      const failed: Record<string, string> = {};
      for (const h of SOURCE_HOSTS) {
        const value = stored[h];
        if (value === null) continue;
        try {
          data[h] = decryptWord(value, key, iv);
        } catch (err) {
          if (!(err instanceof WordCryptoError)) throw err;
          if (err.reason !== 'badCiphertext') cryptoConflict(err);
          failed[h] = V.checkInput;
        }
      }
      if (Object.keys(failed).length) throw HttpError.conflict(failed, "Stored values do not decrypt under the application's key and IV");
      return { data };
    },
  );
}
