// Per-test time limit for the server project. jest reads `testTimeout` only from the top-level
// config, not from a project entry, so the project's limit is set here. Building an app on a fresh
// PGlite takes ~2-3 s (initdb), more when both workers start at once.
jest.setTimeout(60_000);
