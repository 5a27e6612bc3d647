#!/usr/bin/env node
// The import boundaries of the tree, enforced (run by `npm run lint`, so by `npm test`).
//
//   contract   imports nothing of the app (no src/app, lib, components, features, no server)
//   lib        no feature, no app shell
//   components no feature, no app shell
//   features/X no other feature, no app shell
//   server     nothing from src/ but src/contract, and its layers point one way:
//              routes -> auth, audit, services -> repositories -> db; domain (pure rules) imports no
//              repository, route, auth, audit or db module; a route file (one that registers
//              routes) imports no other route file; the access table (auth/access.ts) is the one
//              home of ownership and repositories/reach.ts its one SQL statement; a route makes
//              no database handle of its own (it has request.db and request.repos, which are its
//              transaction while it changes data: server/src/audit/context.ts).
//
// oxlint's no-restricted-imports matches the import's text, and this tree imports by relative
// path, so the same rule reads differently in every folder; this check resolves each specifier
// against its file instead and names the room it lands in.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/** The room a repository path belongs to, e.g. `contract`, `lib`, `feature:apps`, `server`. */
export function roomOf(rel) {
  const parts = rel.split(path.sep).join('/').split('/');
  if (parts[0] === 'server') return parts[1] === 'src' && parts.length > 3 ? `server:${parts[2]}` : 'server';
  if (parts[0] !== 'src') return 'other';
  if (parts[1] === 'features' && parts.length > 3) return `feature:${parts[2]}`;
  if (['contract', 'lib', 'components', 'app'].includes(parts[1])) return parts[1];
  return 'src';
}

/** Why an import from one room into another breaks a boundary, or null when it is allowed. */
export function violation(from, to) {
  if (from === to || to === 'other') return null;
  if (from === 'contract') return 'the contract imports nothing of the app or the server';
  if (from.startsWith('server')) {
    if (!to.startsWith('server')) return to === 'contract' ? null : 'the server imports nothing from src/ but src/contract';
    return SERVER_LAYERS[from]?.[to] ?? null;
  }
  if (to.startsWith('server')) return 'the panel imports nothing from the server';
  if (from === 'lib' || from === 'components') {
    if (to.startsWith('feature:')) return `${from} imports no feature`;
    if (to === 'app') return `${from} imports nothing of the app shell`;
  }
  if (from.startsWith('feature:')) {
    if (to.startsWith('feature:')) return 'a feature imports no other feature';
    if (to === 'app') return 'a feature imports nothing of the app shell';
  }
  return null;
}

/** What each server layer may not import, and why. */
const below = (layer, rooms) => Object.fromEntries(rooms.map((r) => [`server:${r}`, `${layer} sits below ${r}`]));
const SERVER_LAYERS = {
  'server:domain': {
    ...below('the domain (pure rules)', ['routes', 'auth', 'audit']),
    'server:repositories': 'the domain imports no repository: the caller hands it the data',
    'server:db': 'the domain imports no database module',
  },
  'server:repositories': below('a repository', ['routes', 'auth', 'audit']),
  'server:db': below('the database layer', ['routes', 'auth', 'audit', 'repositories']),
  'server:services': below('a service (state created in app.ts)', ['routes']),
  'server:auth': below('auth', ['routes']),
  'server:audit': below('the audit', ['routes']),
  'server:http': below('the http helpers', ['routes', 'auth', 'audit', 'repositories']),
};

/** A file that registers routes (an `…Routes` plugin); no other route file may import it. */
export const isRouteFile = (text) => /export async function \w+Routes\s*\(/.test(text);

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** What makes a database handle; a route uses its request's instead (server/src/audit/context.ts). */
const HANDLE_MAKERS = /\b(createRepositories|inTransaction|openDatabase|pgliteHandle)\s*\(/g;

function importsRouteFile(target) {
  const file = [`${target}.ts`, target, path.join(target, 'index.ts')].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  return file !== undefined && isRouteFile(fs.readFileSync(file, 'utf8'));
}

export function check() {
  const problems = [];
  const files = [...walk(path.join(root, 'src')), ...walk(path.join(root, 'server'))];
  for (const file of files) {
    const rel = path.relative(root, file);
    const from = roomOf(rel);
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1];
      // `@/…` is src/… (tsconfig.json's paths)
      if (!spec.startsWith('.') && !spec.startsWith('@/')) continue;
      const target = spec.startsWith('@/') ? path.join(root, 'src', spec.slice(2)) : path.resolve(path.dirname(file), spec);
      const to = roomOf(path.relative(root, target));
      const why =
        violation(from, to) ??
        (from === 'server:routes' && to === 'server:routes' && importsRouteFile(target) ? 'a route file imports no other route file' : null);
      if (why) problems.push(`${rel}: imports '${spec}': ${why}`);
    }
    if (from === 'server:routes') {
      for (const made of text.matchAll(HANDLE_MAKERS)) {
        problems.push(`${rel}: calls ${made[1]}(): a route reaches the database only through request.db and request.repos`);
      }
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const problems = check();
  for (const p of problems) console.error(p);
  if (problems.length) {
    console.error(`\n${problems.length} import(s) or handles cross a boundary`);
    process.exit(1);
  }
  console.log('import boundaries: ok');
}
