/** What a database error means, whichever dialect raised it. */

/** True when `error` is a unique or primary-key violation (SQLite SQLITE_CONSTRAINT_PRIMARYKEY/UNIQUE, PostgreSQL 23505). */
export function isUniqueViolation (error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}
