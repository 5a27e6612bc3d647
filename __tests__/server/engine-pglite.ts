// The `server` project runs every server test on in-memory PGlite, even when TEST_DATABASE_URL is set
// (the `server-postgres` project covers PostgreSQL then). jest gives each test file its own process.env.
delete process.env.TEST_DATABASE_URL;
