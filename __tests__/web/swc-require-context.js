// Jest transformer for the web project: @swc/jest, plus webpack's `require.context(dir, deep, re[, mode])`
// rewritten to a file-system twin (globalThis.__requireContext, defined in setup.ts) so modules that
// discover features at build time run unchanged under jest.
const path = require('node:path');
const crypto = require('node:crypto');
const swcJest = require('@swc/jest');

const VERSION = 'require-context-1';

module.exports = {
  createTransformer(options) {
    const inner = swcJest.createTransformer(options);
    const rewrite = (src, filename) =>
      src.includes('require.context(')
        ? src.replace(/require\.context\(/g, `globalThis.__requireContext(require, ${JSON.stringify(path.dirname(filename))}, `)
        : src;
    return {
      ...inner,
      process: (src, filename, jestOptions) => inner.process(rewrite(src, filename), filename, jestOptions),
      processAsync: (src, filename, jestOptions) => inner.processAsync(rewrite(src, filename), filename, jestOptions),
      getCacheKey: (src, filename, ...rest) =>
        crypto
          .createHash('sha1')
          .update(inner.getCacheKey(src, filename, ...rest))
          .update(VERSION)
          .digest('hex'),
    };
  },
};
