import { defineConfig } from 'drizzle-kit';

// Used only by `npm run db:generate` to write SQL migrations from src/schema/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/',
  out: './migrations',
});
