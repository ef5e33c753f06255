import { defineConfig } from 'drizzle-kit';

// Used only by `npm run db:generate` to write SQL migrations from src/schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './migrations',
});
