/**
 * `mailjudge migrate`: bring the database to the latest schema (opening it does that already; this
 * command says what was applied).
 */
import type { CommandResult } from '../../service/command-result.js';

/** Report the migrations {@link openDatabase} applied. */
export function runMigrate(applied: readonly string[]): CommandResult {
  const text = applied.length === 0 ? 'The database is up to date; no migrations applied.' : `Applied ${applied.length} migration(s): ${applied.join(', ')}.`;
  return { ok: true, text, json: { applied } };
}
