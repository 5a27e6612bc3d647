// webpack loader for the lang/*.json catalogues: parses every ICU message at build time into the
// AST react-intl accepts, so the runtime needs no message parser (webpack.config.ts aliases it to
// formatjs' no-parser build). A message that does not parse fails the build, naming the id.
import { parse } from '@formatjs/icu-messageformat-parser';

export default function precompileMessages(source) {
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = parse(message);
    } catch (error) {
      throw new Error(`${this.resourcePath}: message "${id}" does not parse: ${error.message}`);
    }
  }
  return JSON.stringify(compiled);
}
