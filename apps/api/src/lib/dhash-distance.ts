import { sql, type SQL } from 'drizzle-orm';

/**
 * At most this many of the 64 bits of two documents' dHashes differ when they are photos of one
 * document: a new photo of the same card never hashes exactly alike (light, angle, compression).
 */
export const SAME_DOCUMENT_MAX_DISTANCE = 6;

/** Bits differing between two hex dHashes, counted by PostgreSQL (both PGlite and the server). */
export const dhashDistanceSql = (a: SQL | string, b: SQL) =>
  sql<number>`length(replace(((('x' || ${a})::bit(64)) # (('x' || ${b})::bit(64)))::text, '0', ''))`;
