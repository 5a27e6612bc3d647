// Lints an OpenAPI document with Redocly's recommended ruleset and prints the problems as JSON.
// A separate Node process because @redocly/openapi-core is ESM only and jest runs the server
// suite as CommonJS. Usage: node redocly-lint.mjs <openapi.json>
import { readFileSync } from 'node:fs';
import { bundleFromString, createConfig, lintFromString } from '@redocly/openapi-core';

const source = readFileSync(process.argv[2], 'utf8');
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
// Bundling resolves every $ref; a broken one is a problem too.
const bundled = await bundleFromString({ source, absoluteRef: 'openapi.json', config });
const all = [...problems, ...bundled.problems];
process.stdout.write(JSON.stringify(all.map((p) => ({ rule: p.ruleId, severity: p.severity, message: p.message, where: p.location?.[0]?.pointer }))));
