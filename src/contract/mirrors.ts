// The mirrors of an app's signed bundle (docs/product.md §7 "Mobile apps"): git remotes the top admin lists
// per app (GET/POST apps/mirrors/{appId}, PUT/DELETE apps/mirrors/{appId}/{mirrorId}), where the
// server publishes the bundle (src/contract/bundle.ts) whenever the app's config version changes,
// and at once from POST apps/mirrors/{appId}/{mirrorId}/publish. POST …/test checks the remote
// and the token without pushing. The token is write-only: no answer carries it.
import * as yup from 'yup';
import { TOO_LONG, V } from './errors';
import { bool, int, isoTime, text, textOrNull } from './response-fields';
import { body, positiveId, trimmedStr } from './schemas/common';
import { isHttpUrl } from './schemas/formats';

export const MIRROR_KINDS = ['git'] as const;
export const MIRRORS_MAX = 10;
export const MIRROR_URL_MAX = 300;
export const MIRROR_TOKEN_MAX = 500;
/**
 * A new config version of an app is published at least this long after the app's last publish, to
 * all its mirrors together (a burst of saves makes one commit per mirror, the same version on each).
 */
export const MIRROR_DEBOUNCE_SECONDS = 60;

const SAFE = /^[A-Za-z0-9._/-]+$/;
/** A branch name git accepts and no command line can mistake for an option. */
export function isBranchName(v: string): boolean {
  return (
    SAFE.test(v) &&
    v.length <= 100 &&
    !v.startsWith('-') &&
    !v.startsWith('/') &&
    !v.endsWith('/') &&
    !v.endsWith('.') &&
    !v.endsWith('.lock') &&
    !v.includes('..') &&
    !v.includes('//') &&
    !v.split('/').some((s) => s.startsWith('.'))
  );
}
/** A relative file path inside the repository, outside `.git`. */
export function isMirrorPath(v: string): boolean {
  return (
    SAFE.test(v) &&
    v.length <= 200 &&
    !v.startsWith('/') &&
    !v.startsWith('-') &&
    !v.endsWith('/') &&
    v.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && s.toLowerCase() !== '.git')
  );
}
/** An http(s) URL without a password (a user name alone is allowed: it becomes the basic-auth user). */
export function isMirrorUrl(v: string): boolean {
  if (!isHttpUrl(v) || /\s/.test(v)) return false;
  const u = new URL(v);
  return u.password === '' && u.hash === '';
}

const fields = {
  kind: trimmedStr().default('git').oneOf(MIRROR_KINDS, V.oneOf),
  url: trimmedStr()
    .required(V.required)
    .max(MIRROR_URL_MAX, TOO_LONG)
    .test('url', V.url, (v) => v == null || isMirrorUrl(v)),
  branch: trimmedStr()
    .required(V.required)
    .test('branch', V.checkInput, (v) => v == null || isBranchName(v)),
  path: trimmedStr()
    .required(V.required)
    .test('path', V.checkInput, (v) => v == null || isMirrorPath(v)),
};

/** POST apps/mirrors/{appId}: a new mirror, token required. */
export const mirrorCreateSchema = body({ ...fields, token: trimmedStr().required(V.required).max(MIRROR_TOKEN_MAX, TOO_LONG) });
export type MirrorCreateBody = yup.InferType<typeof mirrorCreateSchema>;

/** PUT apps/mirrors/{appId}/{mirrorId}: the same fields; a missing or empty token keeps the stored one. */
export const mirrorUpdateSchema = body({ ...fields, token: trimmedStr().max(MIRROR_TOKEN_MAX, TOO_LONG).optional() });
export type MirrorUpdateBody = yup.InferType<typeof mirrorUpdateSchema>;

export const mirrorParamsSchema = body({ appId: positiveId(), mirrorId: positiveId() });
export type MirrorParams = yup.InferType<typeof mirrorParamsSchema>;

// ---- answers

const timeOrNull = (description: string) => yup.string().nullable().defined().meta({ format: 'date-time', description });

export const mirrorSchema = yup
  .object({
    id: int(),
    kind: text(),
    url: text(),
    branch: text(),
    path: text(),
    publishedVersion: yup.number().integer().nullable().defined().meta({ description: 'The config version last published here' }),
    publishedAt: timeOrNull('When it was published'),
    publishedCommit: textOrNull().meta({ description: 'The commit of the last publish' }),
    attemptedAt: timeOrNull('The last attempt, successful or not'),
    lastError: textOrNull().meta({ description: "The remote's message of the last failed attempt; null after a success" }),
    failures: int().meta({ description: 'Failed attempts in a row' }),
    nextAttemptAt: isoTime('Not tried before this (the debounce or the backoff)'),
    requested: bool().meta({ description: '"Publish now" was asked and has not succeeded yet' }),
    currentVersion: int().meta({ description: "The app's config version now" }),
    appActive: bool().meta({
      description: 'false while the app is inactive: its bundle is not published (apps/client/bundle refuses it too) until it is active again',
    }),
  })
  .defined();
export type MirrorDto = yup.InferType<typeof mirrorSchema>;
export const mirrorListSchema = yup.array(mirrorSchema).defined();

export const mirrorTestResultSchema = yup
  .object({
    ok: bool(),
    branchExists: bool().meta({ description: 'The branch is on the remote already (a first publish creates it)' }),
    message: textOrNull().meta({ description: "The remote's message when the check failed" }),
  })
  .defined();
export type MirrorTestResult = yup.InferType<typeof mirrorTestResultSchema>;
