/**
 * The SQL statements a piece of the judge sends, counted by test (decision-statements,
 * adjudication-statements): every pg client of this process is watched while `fn` runs.
 */
import pg from 'pg';

/** Statements sent through any pg client of this process while `fn` runs (all of them are the judge's here). */
export async function counting<T>(fn: () => Promise<T>): Promise<{ value: T; statements: string[] }> {
  const statements: string[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
    statements.push(text.replace(/\s+/g, ' ').trim());
    return original.apply(this, args);
  };
  try {
    return { value: await fn(), statements };
  } finally {
    proto.query = original;
  }
}
