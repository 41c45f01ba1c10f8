/**
 * Queries built and compiled by Kysely once per process (issue 29, stop 46). Kysely builds a query's
 * operation tree and compiles it to SQL at every execution; a decision sends ~20 statements of a
 * fixed shape, and the worker's profile showed that building and compiling at ~9 % of its CPU. A
 * {@link precompiled} query is built once, with a marker in place of each parameter, and compiled;
 * each execution then only puts the values in the markers' places and hands the compiled query to
 * `executeQuery`. The values stay parameters ($1, $2, …): the SQL text is the one Kysely writes for
 * the same builder with real values, so the named prepared statements (prepared-statements.ts) still
 * apply, and test/db/precompiled.test.ts checks each converted query's text and parameters against
 * the builder run with real values.
 *
 * Only for a fixed shape: the builder must not branch on a value, and no value may be a list that
 * Kysely expands (`in (...)`, a multi-row insert) nor `undefined` (Kysely omits an insert's or an
 * update's column whose value is `undefined`); a value is a parameter whatever it is, so one that
 * the query needs written into the text (`is null`) must be written so in the builder itself.
 */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database, Db } from './schema.js';

/** The stand-in for parameter `key` while the query is compiled. */
class Slot {
  constructor(readonly key: string) {}
}

type Part = { readonly slot: string } | { readonly value: unknown };

/** A query of fixed shape, compiled at its first execution; `P` names its parameters. */
export interface Precompiled<P, R> {
  /** The rows, the query run with `params` on `db` (a transaction or not). */
  execute(db: Db, params: P): Promise<R[]>;
  /** The first row, or `undefined`. */
  first(db: Db, params: P): Promise<R | undefined>;
  /** The number of rows an UPDATE, INSERT or DELETE without RETURNING touched. */
  affected(db: Db, params: P): Promise<bigint>;
  /** What it sends for `params` (its compiled text and parameters), for the tests. */
  compiled(db: Db, params: P): CompiledQuery<R>;
  /** What the builder alone, given `params`, compiles to (the tests compare the two). */
  built(db: Db, params: P): CompiledQuery<R>;
}

/**
 * A query built by `build` once (on the first `db` it runs on: the query compiler is PostgreSQL's for
 * every handle of the judge), each value of `params` a parameter.
 */
export function precompiled<P extends Record<string, unknown>, R>(build: (db: Kysely<Database>, params: P) => Compilable<R>): Precompiled<P, R> {
  let template: { readonly query: CompiledQuery<R>; readonly parts: readonly Part[] } | undefined;
  const compile = (db: Db): NonNullable<typeof template> => {
    if (template) return template;
    const slots = new Map<string, Slot>();
    const markers = new Proxy({} as P, {
      get: (_, key) => {
        if (typeof key !== 'string') return undefined;
        let s = slots.get(key);
        if (!s) slots.set(key, (s = new Slot(key)));
        return s;
      },
    });
    const query = build(db, markers).compile();
    const parts = query.parameters.map((v): Part => (v instanceof Slot ? { slot: v.key } : { value: v }));
    // Every parameter read by the builder must be a parameter of the text (not consumed by the builder).
    for (const key of slots.keys()) {
      if (!parts.some((p) => 'slot' in p && p.slot === key)) throw new Error(`precompiled query: parameter ${key} is not a parameter of the compiled text`);
    }
    template = { query, parts };
    return template;
  };
  const compiled = (db: Db, params: P): CompiledQuery<R> => {
    const t = compile(db);
    return { ...t.query, parameters: t.parts.map((p) => ('slot' in p ? params[p.slot] : p.value)) };
  };
  return {
    execute: async (db, params) => (await db.executeQuery(compiled(db, params))).rows,
    first: async (db, params) => (await db.executeQuery(compiled(db, params))).rows[0],
    affected: async (db, params) => (await db.executeQuery(compiled(db, params))).numAffectedRows ?? 0n,
    compiled,
    built: (db, params) => build(db, params).compile(),
  };
}
