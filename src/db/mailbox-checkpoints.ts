/**
 * How far each IMAP mailbox has been read (`mailbox_checkpoints`): every UID at or below
 * `lastUid` of `uidvalidity` is stored in `inbound_messages`. The checkpoint only moves after the
 * raw row is stored, so a restart or a dropped connection refetches at most the message in flight,
 * which the raw store's (mailbox, UIDVALIDITY, UID) key then recognises.
 *
 * A UIDVALIDITY change renumbers the mailbox: the same messages come back under new UIDs. The
 * source then reads from UID 1 again and recognises copies it already stored by their bytes
 * ({@link isStoredUnderOtherUidvalidity}).
 */
import { sql } from 'kysely';
import type { Db } from './schema.js';
import { realNow } from '../config/clock.js';

/** A mailbox's reading position. */
export interface MailboxCheckpoint {
  /** The source's stable name ('imap://judge@mail.example.org/INBOX'). */
  readonly mailbox: string;
  readonly uidvalidity: number;
  /** Every UID at or below this one is stored. */
  readonly lastUid: number;
  readonly updatedAt: Date;
}

/** The checkpoint of `mailbox`, or `undefined` when it has never been read. */
export async function findMailboxCheckpoint(db: Db, mailbox: string): Promise<MailboxCheckpoint | undefined> {
  const row = await db.selectFrom('mailbox_checkpoints').selectAll().where('mailbox', '=', mailbox).executeTakeFirst();
  return row && { mailbox: row.mailbox, uidvalidity: Number(row.uidvalidity), lastUid: Number(row.last_uid), updatedAt: row.updated_at };
}

/**
 * Record that every UID up to `lastUid` of `uidvalidity` is stored. Never moves back within one
 * UIDVALIDITY (a late or repeated call is a no-op); a new UIDVALIDITY replaces the old position.
 */
export async function saveMailboxCheckpoint(db: Db, c: { mailbox: string; uidvalidity: number | bigint; lastUid: number | bigint }): Promise<void> {
  const uidvalidity = Number(c.uidvalidity);
  const lastUid = Number(c.lastUid);
  await db
    .insertInto('mailbox_checkpoints')
    .values({ mailbox: c.mailbox, uidvalidity, last_uid: lastUid, updated_at: realNow() })
    .onConflict((oc) =>
      oc
        .column('mailbox')
        .doUpdateSet({ uidvalidity, last_uid: lastUid, updated_at: realNow() })
        .where((eb) => eb.or([eb('mailbox_checkpoints.uidvalidity', '<>', uidvalidity), eb('mailbox_checkpoints.last_uid', '<', lastUid)])),
    )
    .execute();
}

/** Whether `mailbox` has stored messages under a UIDVALIDITY other than `uidvalidity` (it was renumbered). */
export async function hasMessagesUnderOtherUidvalidity(db: Db, mailbox: string, uidvalidity: number | bigint): Promise<boolean> {
  const row = await db
    .selectFrom('inbound_messages')
    .select(sql<number>`1`.as('one'))
    .where('mailbox', '=', mailbox)
    .where('uid', 'is not', null) // the partial index inbound_messages_imap_key
    .where('uidvalidity', '<>', Number(uidvalidity))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether these bytes (`sha256`, hex) are stored for `mailbox` under another UIDVALIDITY: the same
 * message, renumbered by a UIDVALIDITY change, which must not become a second row.
 */
export async function isStoredUnderOtherUidvalidity(db: Db, m: { mailbox: string; uidvalidity: number | bigint; sha256: string }): Promise<boolean> {
  const row = await db
    .selectFrom('inbound_messages')
    .select(sql<number>`1`.as('one'))
    .where('mailbox', '=', m.mailbox)
    .where('sha256', '=', m.sha256)
    .where('uid', 'is not', null) // the partial index inbound_messages_imap_key
    .where('uidvalidity', '<>', Number(m.uidvalidity))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
