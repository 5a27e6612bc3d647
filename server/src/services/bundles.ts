// The signed bundles of one instance, shared by GET apps/client/bundle, the key calls (routes/bundle.ts)
// and the mirror publisher (services/mirror-publisher.ts): the per-instance BundleCache and the app's
// active signing key, made on first use. What the document is and how it is signed: domain/bundle.ts.
import { createPrivateKey } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../../src/contract';
import { BundleCache, bundleSource, newSigningKeyPair, signingKeyContext } from '../domain/bundle';
import { HttpError } from '../http/errors';
import type { NewKey, SigningKeyRow } from '../repositories/bundle-keys';
import type { Repositories } from '../repositories';

declare module 'fastify' {
  interface FastifyInstance {
    bundles: ReturnType<typeof createBundleService>;
  }
}

export function createBundleService(app: FastifyInstance, repos: Repositories) {
  /** A new key pair, its private half sealed for this app. */
  const sealedPair = (appId: number): NewKey => {
    const { publicKeyPem, privateKeyPem } = newSigningKeyPair();
    return { publicKeyPem, privateKeySealed: app.secrets.seal(privateKeyPem, signingKeyContext(appId)) };
  };

  /** The app's active key, made on first use. */
  async function activeKey(appId: number): Promise<SigningKeyRow> {
    const found = await repos.bundleKeys.active(appId);
    if (found) return found;
    await repos.bundleKeys.insertFirst(appId, sealedPair(appId));
    const made = await repos.bundleKeys.active(appId);
    if (!made) throw new Error(`app ${appId} has no active signing key after one was made`);
    return made;
  }

  const cache = new BundleCache(async (appId, version) => {
    // The config, API bases and key are read after the version: the bundle is never older than the version it names.
    const prepared = await app.clientConfig.cache.prepared(appId, version);
    if (prepared.kind === 'keysMissing') return 'keysMissing';
    const apiBases = await repos.bundleKeys.apiBases(appId);
    const key = await activeKey(appId);
    let pem: string;
    try {
      pem = app.secrets.open(key.privateKeySealed, signingKeyContext(appId));
    } catch (err) {
      app.log.error({ err, appId, keyId: key.id }, "the app's bundle signing key does not open under SECRETS_KEY; rotate it in the panel");
      throw new HttpError(500, ERROR_CODES.internal, "The application's signing key cannot be used");
    }
    return bundleSource(prepared, apiBases, { keyId: key.id, privateKey: createPrivateKey(pem) });
  });

  return { cache, activeKey, sealedPair };
}
