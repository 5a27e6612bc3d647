// The `server-postgres` project runs every server test on the PostgreSQL server TEST_DATABASE_URL names.
if (!process.env.TEST_DATABASE_URL) throw new Error('server-postgres needs TEST_DATABASE_URL');
