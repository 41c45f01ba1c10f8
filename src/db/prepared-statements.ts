/**
 * Named prepared statements for the queries Kysely sends (issue 29: "prepared statements"). Every
 * statement of a decision or an adjudication was parsed and planned by PostgreSQL each time it ran
 * (the simple and the unnamed extended protocol plan each execution); most are the same few dozen
 * texts with different parameters. A statement with parameters is sent under a name derived from its
 * text, so `pg` sends Parse once per connection and only Bind/Execute after, and PostgreSQL may keep
 * a generic plan (its `plan_cache_mode = auto` still plans per execution where that is cheaper).
 *
 * - Only statements with parameters: a text without them may hold several statements (a migration,
 *   `sql.raw`), which the extended protocol refuses; they go as before.
 * - Bounded: at most {@link MAX_NAMED_TEXTS} distinct texts get a name in a process (each connection
 *   holds at most that many on the server); texts beyond run unnamed, as before. Kysely's texts vary
 *   only with the length of a list or of a multi-row insert, so a running judge has a few hundred.
 * - A plan invalidated by a change of the table's columns (a migration run while this process runs:
 *   SQLSTATE 0A000 "cached plan must not change result type") fails that one execution, as any
 *   statement error does (the job retries); the text then gets a new name, so no connection sends
 *   the stale statement again.
 */
import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isConnectionLost } from './transient-error.js';

/** Most distinct statement texts named in one process. */
export const MAX_NAMED_TEXTS = 1000;

/** The statement name of each named text (`mj_<generation>_<hash>`), and the generation of renamed ones. */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly generations = new Map<string, number>();

  constructor(private readonly max = MAX_NAMED_TEXTS) {}

  /** The name to prepare `text` under, or `undefined` when it goes unnamed (no parameters, or the bound reached). */
  nameOf(text: string, parameterCount: number): string | undefined {
    if (parameterCount === 0) return undefined;
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.max) return known;
    const generation = this.generations.get(text) ?? 0;
    // PostgreSQL names are at most 63 bytes: the hash of the text (and its generation after a rename).
    const name = `mj_${generation}_${createHash('sha1').update(text).digest('hex')}`;
    this.names.set(text, name);
    return name;
  }

  /** `text`'s prepared plan went stale: the next execution prepares it again under a new name. */
  rename(text: string): void {
    if (!this.names.delete(text)) return;
    this.generations.set(text, (this.generations.get(text) ?? 0) + 1);
  }

  get size(): number {
    return this.names.size;
  }
}

/** PostgreSQL's error for a prepared plan whose result type changed under it. */
function isStalePlan(e: unknown): boolean {
  return (e as { code?: string } | null)?.code === '0A000' && /cached plan must not change result type/i.test(String((e as Error).message));
}

/**
 * `pool` as Kysely's dialect takes it: its statements with parameters prepared by name (unless
 * `names` is `null`: `MAILJUDGE_DB_PREPARE=off`), and a client whose statement found its connection
 * gone (isConnectionLost: 57P01, a reset, EPIPE…) handed back to the pool as broken, so the pool
 * closes it instead of lending it again (Kysely's release passes no error; issue 29, stop 46).
 */
export function preparingPool(pool: pg.Pool, names: StatementNames | null = new StatementNames()): PostgresPool {
  return {
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let lost: Error | undefined;
      const run = async (text: string, parameters: readonly unknown[]) => {
        const name = names?.nameOf(text, parameters.length);
        if (name === undefined) return client.query(text, parameters as unknown[]);
        try {
          return await client.query({ name, text, values: parameters as unknown[] });
        } catch (e) {
          if (isStalePlan(e)) names!.rename(text);
          throw e;
        }
      };
      const query = async (text: string, parameters: readonly unknown[]) => {
        try {
          return await run(text, parameters);
        } catch (e) {
          if (isConnectionLost(e)) lost = e as Error;
          throw e;
        }
      };
      return {
        query: ((arg: unknown, parameters?: readonly unknown[]) =>
          typeof arg === 'string' ? query(arg, parameters ?? []) : client.query(arg as pg.Submittable)) as unknown as PostgresPoolClient['query'],
        release: () => client.release(lost),
      };
    },
  };
}
