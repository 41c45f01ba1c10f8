/**
 * Secrets the judge makes for itself and keeps with its data (0022 judge_keys): made at the first
 * use by whichever process gets there first, the same for every process after that, and carried by a
 * backup, so a restored judge still recognises the bounces of the mail it sent before.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from './schema.js';

/** The key `name` (32 random bytes, made at the first call). */
export async function judgeKey(db: Db, name: string): Promise<Buffer> {
  await db.insertInto('judge_keys').values({ name, value: randomBytes(32) }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('judge_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** The VERP key (src/mail/outbound/return-path.ts). */
export function verpKey(db: Db): Promise<Buffer> {
  return judgeKey(db, 'verp');
}
