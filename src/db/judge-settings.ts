/**
 * The running judge's own addresses (sql/0021): `mailjudge start` records them at every start; a CLI
 * command that queues mail takes the judge's From from here, not from the shell it runs in (issue #26,
 * item 11: `tournament assign --commit` from a bare shell must not write "@localhost" Reply-Tos).
 */
import type { Db } from './schema.js';
import { judgeNow } from '../config/clock.js';

export interface JudgeAddresses {
  readonly fromAddress: string;
  readonly confirmAddress: string | null;
}

/** Record the judge's addresses (replacing what a previous start recorded). */
export async function recordJudgeAddresses(db: Db, a: { fromAddress: string; confirmAddress?: string | undefined; at?: Date }): Promise<void> {
  const row = { from_address: a.fromAddress, confirm_address: a.confirmAddress ?? null, recorded_at: a.at ?? judgeNow() };
  await db.insertInto('judge_settings').values({ singleton: true, ...row }).onConflict((oc) => oc.column('singleton').doUpdateSet(row)).execute();
}

/** The addresses the judge recorded, or `undefined` before any judge has started on this database. */
export async function findJudgeAddresses(db: Db): Promise<JudgeAddresses | undefined> {
  const r = await db.selectFrom('judge_settings').select(['from_address', 'confirm_address']).executeTakeFirst();
  return r && { fromAddress: r.from_address, confirmAddress: r.confirm_address };
}
