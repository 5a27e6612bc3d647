/** @jest-config-loader esbuild-register */
// One `npm test` runs three projects: web (jsdom + Testing Library), server (app.inject on PGlite,
// and PostgreSQL when TEST_DATABASE_URL is set) and e2e (playwright-core driving Debian's Chromium).
import type { Config } from 'jest';

const swc: [string, Record<string, unknown>] = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// The web project's transformer: the same swc options, plus webpack's require.context served from
// the file system (feature discovery runs unchanged in tests).
const swcWeb: [string, Record<string, unknown>] = ['<rootDir>/__tests__/web/swc-require-context.js', swc[1]];

// ESM-only packages that jest (CommonJS) must transform.
const esmPackages = ['react-intl', '@formatjs', 'intl-messageformat'];

/**
 * The server suite, once per database engine: always on in-memory PGlite, and again as
 * `server-postgres` when TEST_DATABASE_URL names a PostgreSQL server (docs/architecture.md §9). The setup
 * file pins each test file to its engine (jest gives every test file its own copy of process.env).
 */
function serverProject(displayName: string, engine: 'pglite' | 'postgres') {
  return {
    displayName,
    testEnvironment: 'node',
    roots: ['<rootDir>/__tests__/server'],
    testMatch: ['**/*.test.ts'],
    // The contract's rules and the domain's pure functions touch no database: once, on PGlite's run.
    ...(engine === 'postgres' ? { testPathIgnorePatterns: ['/node_modules/', '<rootDir>/__tests__/server/(contract|domain)/'] } : {}),
    // Some dependencies need swc under jest's CommonJS runtime: content-disposition 3 (required by
    // @fastify/static) and cookie 2 (by fastify's inject) are ESM only, and PGlite's CommonJS build
    // loads Node modules with import(), which jest's VM refuses without --experimental-vm-modules;
    // swc turns that into require().
    transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.cjs$': swc },
    transformIgnorePatterns: ['/node_modules/(?!(content-disposition|cookie|@electric-sql/pglite)/)'],
    setupFiles: [`<rootDir>/__tests__/server/engine-${engine}.ts`],
    // Migrates once per run the database every test app starts from (PGlite dump, PostgreSQL template).
    globalSetup: '<rootDir>/__tests__/server/global-setup.ts',
    globalTeardown: '<rootDir>/__tests__/server/global-teardown.ts',
    // jest ignores a project-level testTimeout; the setup file sets the 60 s limit instead.
    setupFilesAfterEnv: ['<rootDir>/__tests__/server/setup.ts'],
  };
}

const config: Config = {
  // Three workers on the 2-core machine: the browser files spend most of their time waiting on the
  // page (a whole run with two workers used 1.3 of the 2 cores), and a third file fills that time.
  maxWorkers: 3,
  // On a clean clone (no timings cached) the page audit's parts start first (the file says why).
  testSequencer: '<rootDir>/__tests__/test-sequencer.js',
  projects: [
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/__tests__/web/jsdom-with-fetch.js',
      roots: ['<rootDir>/__tests__/web'],
      testMatch: ['**/*.test.ts?(x)'],
      transform: { '^.+\\.(t|j)sx?$': swcWeb, '^.+\\.m?js$': swcWeb },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
      // `@/…` is src/… (tsconfig.json's paths, webpack's alias)
      moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1', '\\.(css|less)$': '<rootDir>/__tests__/web/style-stub.js' },
      setupFilesAfterEnv: ['<rootDir>/__tests__/web/setup.ts'],
    },
    serverProject('server', 'pglite'),
    ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/e2e'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      // jest ignores a project-level testTimeout: the setup file sets the 120 s limit.
      setupFilesAfterEnv: ['<rootDir>/__tests__/e2e/setup.ts'],
      // Starts the panel build in the background; each e2e file waits for it (setup.ts).
      globalSetup: '<rootDir>/__tests__/e2e/global-setup.ts',
      globalTeardown: '<rootDir>/__tests__/e2e/global-teardown.ts',
    },
  ] as Config['projects'],
};

export default config;
