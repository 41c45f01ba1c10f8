/**
 * Mail that did not arrive (0022 mail_bounces, issue 27): a delivery report tied to its outbox row,
 * or the smarthost's synchronous 5xx. Recording one marks the outbox row `failed` with the
 * diagnostic in the same statement's transaction, so `mailjudge outbox` and the GM's digest (which
 * list failed rows with their `last_error`) show it as undelivered.
 */
import { sql } from 'kysely';
import type { Db } from './schema.js';
import { inTransaction } from './in-transaction.js';

export interface NewBounce {
  readonly outboxId: number;
  readonly recipient: string;
  readonly source: 'report' | 'smtp';
  readonly status?: string | undefined;
  readonly diagnostic: string;
  readonly reportFormat?: string | undefined;
  readonly inboundId?: number | undefined;
  readonly at: Date;
}

/** The outbox row's `last_error` for a bounce: what the refusing server said, and who reported it when. */
export function bounceError(b: Pick<NewBounce, 'source' | 'diagnostic' | 'at'>): string {
  return `${b.source === 'smtp' ? 'refused by the smarthost' : 'bounced'}: ${b.diagnostic} (${b.at.toISOString().slice(0, 19).replace('T', ' ')} GMT)`;
}

/**
 * Record a bounce and mark its outbox row failed (whatever its status: a mail handed to the
 * smarthost and then bounced was `sent`). Returns `false` when this report was recorded for this row
 * already (a message decided twice changes nothing).
 */
export async function recordBounce(db: Db, b: NewBounce): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const inserted = await trx.insertInto('mail_bounces').values({
      outbox_id: b.outboxId, recipient: b.recipient.toLowerCase(), source: b.source, status: b.status ?? null, diagnostic: b.diagnostic,
      report_format: b.reportFormat ?? null, inbound_message_id: b.inboundId ?? null, bounced_at: b.at,
    }).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
    if (!inserted) return false;
    await trx.updateTable('outbox').set({ status: 'failed', sent_at: null, last_error: bounceError(b) }).where('id', '=', b.outboxId).execute();
    return true;
  });
}

/** How many bounces `address` had since `since`. */
export async function countBounces(db: Db, address: string, since: Date): Promise<number> {
  const r = await db.selectFrom('mail_bounces').select((eb) => eb.fn.countAll<string>().as('n'))
    .where(sql<string>`lower(recipient)`, '=', address.toLowerCase()).where('bounced_at', '>=', since).executeTakeFirstOrThrow();
  return Number(r.n);
}
