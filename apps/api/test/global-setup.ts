import { ensurePgliteTemplate } from './pglite-template';

/** Vitest's global setup: one migrated PGlite dump for every test file's database (test workers inherit the variable). */
export default async function setup() {
  if (!process.env.DATABASE_URL) process.env.PGLITE_TEMPLATE = await ensurePgliteTemplate();
}
