import { panelBuilt } from './helpers/build';

// Per-test time limit for the e2e project (jest reads testTimeout only from the top-level config).
// Each file starts a real server (PGlite initdb) and a Chromium, which takes seconds on 2 cores.
jest.setTimeout(120_000);

// The panel build started by the global setup must have ended before a file starts its server on
// dist/; this hook runs before the file's own.
beforeAll(() => panelBuilt(600_000), 600_000);
