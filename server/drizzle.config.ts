// drizzle-kit configuration for `npm run db:generate`: diff the schema against the committed
// migrations and write a new SQL migration. Migrations are applied at boot (server/src/db/client.ts).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema/index.ts',
  out: './server/src/db/migrations',
  strict: true,
});
