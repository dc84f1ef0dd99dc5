import { ensurePgliteTemplate } from './pglite-template';
import { ensurePostgresTemplate } from './postgres-template';

/**
 * Vitest's global setup: one migrated template for every test file's database (test workers inherit
 * the variable): a PGlite dump, or a template database on DATABASE_URL's server.
 */
export default async function setup() {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) process.env.PG_TEMPLATE_DATABASE = await ensurePostgresTemplate(serverUrl);
  else process.env.PGLITE_TEMPLATE = await ensurePgliteTemplate();
}
