#!/usr/bin/env node
// The reference verifier of the signed bundle (GET /api/v1/apps/client/bundle). Plain Node,
// no dependencies: what an app must check before it uses a bundle, written once so that app
// developers can compare their code with it and test their bundles from a shell.
//
// Accept a bundle only if
//   1. it is a version-1 document: {v, app, version, issuedAt, expiresAt, apiBases, payload, sig}, nothing else;
//   2. `sig` (base64, 64 bytes) is a valid Ed25519 signature, by a key the app trusts, of the
//      canonical bytes: the UTF-8 of JSON.stringify of the document without `sig`, its keys in
//      exactly the order above, no whitespace;
//   3. `app` is the app's own package name;
//   4. it has not expired: now is before `expiresAt`;
//   5. `version` is higher than the version of the bundle the app holds (no rollback; an equal
//      version is the same config: keep the one you have).
// The payload is then decrypted with the app's newCoreKey/newCoreIv like apps/wordEncryption.
//
// Usage:
//   node scripts/verify-bundle.mjs <bundle.json> --key <pub.pem | raw base64> [--key …] --app <package> [--held <version>] [--now <ISO time>]
//                                  [--canonical <file>] [--sig <file>]
// Prints {"ok":true,"version":…,"key":<index of the key that verified>} and exits 0, or
// {"ok":false,"reason":"format|signature|app|expired|notNewer","message":…} and exits 1 (2 on a usage error).
// --canonical and --sig write the canonical bytes and the raw signature, for
//   openssl pkeyutl -verify -pubin -inkey pub.pem -rawin -in canonical.bin -sigfile sig.bin
import { createPublicKey, verify } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const BUNDLE_FORMAT = 1;
export const BUNDLE_FIELDS = ['v', 'app', 'version', 'issuedAt', 'expiresAt', 'apiBases', 'payload'];

// DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A trusted key: an SPKI PEM, or the raw 32-byte key in base64. */
export function publicKeyOf(key) {
  const text = String(key).trim();
  if (text.startsWith('-----BEGIN')) return createPublicKey(text);
  const raw = Buffer.from(text, 'base64');
  if (!BASE64.test(text) || raw.length !== 32) throw new Error('a raw Ed25519 public key is 32 bytes of base64');
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

/** The bytes the signature covers. */
export function canonicalBytes(doc) {
  const ordered = {};
  for (const field of BUNDLE_FIELDS) ordered[field] = doc[field];
  return Buffer.from(JSON.stringify(ordered), 'utf8');
}

const refuse = (reason, message) => ({ ok: false, reason, message });

function formatProblem(doc) {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return 'not a JSON object';
  const keys = Object.keys(doc);
  const expected = [...BUNDLE_FIELDS, 'sig'];
  if (keys.length !== expected.length || !expected.every((k) => keys.includes(k))) return `fields must be exactly ${expected.join(', ')}`;
  if (doc.v !== BUNDLE_FORMAT) return `unknown format v=${JSON.stringify(doc.v)}`;
  if (typeof doc.app !== 'string' || doc.app === '') return 'app must be text';
  if (!Number.isSafeInteger(doc.version) || doc.version < 0) return 'version must be a whole number';
  for (const f of ['issuedAt', 'expiresAt'])
    if (typeof doc[f] !== 'string' || !ISO_TIME.test(doc[f]) || Number.isNaN(Date.parse(doc[f]))) return `${f} must be an ISO 8601 time`;
  if (!Array.isArray(doc.apiBases) || !doc.apiBases.every((b) => typeof b === 'string')) return 'apiBases must be a list of text';
  if (typeof doc.payload !== 'string' || !BASE64.test(doc.payload)) return 'payload must be base64';
  if (typeof doc.sig !== 'string' || !BASE64.test(doc.sig) || Buffer.from(doc.sig, 'base64').length !== 64) return 'sig must be 64 bytes of base64';
  return undefined;
}

/**
 * Checks a parsed bundle. `trustedKeys`: PEM or raw base64 public keys; `app`: the package name;
 * `heldVersion`: the version of the bundle the app holds (0 for none); `now`: a Date (default now).
 */
export function verifyBundle(doc, { trustedKeys, app, heldVersion = 0, now = new Date() }) {
  const problem = formatProblem(doc);
  if (problem) return refuse('format', problem);
  const canonical = canonicalBytes(doc);
  const sig = Buffer.from(doc.sig, 'base64');
  const key = trustedKeys.findIndex((k) => verify(null, canonical, publicKeyOf(k), sig));
  if (key < 0) return refuse('signature', 'the signature does not verify with any trusted key');
  if (doc.app !== app) return refuse('app', `the bundle is for ${doc.app}, not ${app}`);
  if (now.getTime() >= Date.parse(doc.expiresAt)) return refuse('expired', `expired at ${doc.expiresAt}`);
  if (!(doc.version > heldVersion)) return refuse('notNewer', `version ${doc.version} is not higher than the held ${heldVersion}`);
  return { ok: true, version: doc.version, key };
}

function parseArgs(argv) {
  const out = { keys: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '--key') out.keys.push(value());
    else if (arg === '--app') out.app = value();
    else if (arg === '--held') out.held = value();
    else if (arg === '--now') out.now = value();
    else if (arg === '--canonical') out.canonical = value();
    else if (arg === '--sig') out.sig = value();
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else if (out.file === undefined) out.file = arg;
    else throw new Error(`unexpected argument ${arg}`);
  }
  if (!out.file || !out.keys.length || !out.app)
    throw new Error(
      'usage: verify-bundle.mjs <bundle.json> --key <pub.pem | base64> --app <package> [--held <version>] [--now <ISO>] [--canonical <file>] [--sig <file>]',
    );
  return out;
}

function main(argv) {
  let args;
  try {
    args = parseArgs(argv);
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    return 2;
  }
  const readKey = (k) => (/^[A-Za-z0-9+/]{43}=$/.test(k) ? k : readFileSync(k, 'utf8'));
  let result;
  try {
    const doc = JSON.parse(readFileSync(args.file, 'utf8'));
    if (args.canonical && !formatProblem(doc)) writeFileSync(args.canonical, canonicalBytes(doc));
    if (args.sig && !formatProblem(doc)) writeFileSync(args.sig, Buffer.from(doc.sig, 'base64'));
    const now = args.now === undefined ? new Date() : new Date(args.now);
    if (Number.isNaN(now.getTime())) throw new Error('--now must be an ISO 8601 time');
    const heldVersion = args.held === undefined ? 0 : Number(args.held);
    if (!Number.isSafeInteger(heldVersion) || heldVersion < 0) throw new Error('--held must be a whole number');
    result = verifyBundle(doc, { trustedKeys: args.keys.map(readKey), app: args.app, heldVersion, now });
  } catch (err) {
    result = refuse('format', err.message);
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return result.ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.slice(2));
