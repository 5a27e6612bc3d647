// Per-test time limit for the e2e project (jest reads testTimeout only from the top-level config).
// Each file starts a real server (PGlite initdb) and a Chromium, which takes seconds on 2 cores.
jest.setTimeout(120_000);
