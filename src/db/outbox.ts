/**
 * The transactional outbox: every email the judge sends is first a row here, written in the same
 * transaction as the decision that caused it, and sent later by a separate job (STYLE.md 6.3).
 *
 * Issue 29: an attachment's bytes (a results report's map pictures) are stored once, in
 * `outbox_blobs` by their SHA-256, however many rows attach them; the rows name them by hash
 * ({@link INLINE_ATTACHMENT_MAX_BYTES}, sql/0032), and every reader here gives the bytes back.
 *
 * Exactly-once enqueueing comes from the deterministic `dedupe_key` (`report:<game>:<phase>:<to>`);
 * sending is at-least-once (a crash after the SMTP hand-off and before {@link markOutboxSent}
 * commits sends again), which the deterministic Message-ID makes recognisable to the recipient.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, OutboxAttachment, OutboxRow, OutboxStatus, StoredOutboxAttachment, Trx } from './schema.js';
import { judgeNow } from '../config/clock.js';

export type { OutboxAttachment, StoredOutboxAttachment } from './schema.js';

/** A mail to send. */
export interface NewOutboxMail {
  /** Deterministic: the same mail for the same reason always has the same key. See {@link outboxKey}. */
  readonly dedupeKey: string;
  readonly gameId?: string | null;
  /** Template / purpose, kebab-case: `adjudication-report`, `orders-received`. */
  readonly kind: string;
  /** Default (null): the configured From address. */
  readonly fromAddress?: string | null;
  readonly to: string;
  readonly subject: string;
  readonly bodyText: string;
  /** Extra header fields (`In-Reply-To`, `References`, `Auto-Submitted`, …). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Files sent with the mail (a deadline's calendar event, …), stored with it so a resend is the same mail. */
  readonly attachments?: readonly OutboxAttachment[];
  /** Deterministic Message-ID, without angle brackets. See {@link outboxMessageId}. */
  readonly messageId: string;
}

/** A mail in the outbox. */
export interface OutboxMail extends Required<Omit<NewOutboxMail, 'headers' | 'gameId' | 'fromAddress' | 'attachments'>> {
  readonly attachments: readonly OutboxAttachment[];
  readonly id: number;
  readonly gameId: string | null;
  readonly fromAddress: string | null;
  readonly headers: Readonly<Record<string, string>>;
  readonly status: OutboxStatus;
  readonly attempts: number;
  readonly lastError: string | null;
  readonly createdAt: Date;
  readonly sentAt: Date | null;
}

/** Map a row to an {@link OutboxMail}, its attachments as {@link readOutboxAttachments} gave them. */
function outboxMailFromRow(row: OutboxRow, attachments: readonly OutboxAttachment[]): OutboxMail {
  return {
    id: row.id,
    dedupeKey: row.dedupe_key,
    gameId: row.game_id,
    kind: row.kind,
    fromAddress: row.from_address,
    to: row.to_address,
    subject: row.subject,
    bodyText: row.body_text,
    headers: row.headers,
    attachments,
    messageId: row.message_id,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

/** Rows as {@link OutboxMail}s: their attachments' stored bytes read with one query for all of them. */
export async function outboxMailsFromRows(db: Db, rows: readonly OutboxRow[]): Promise<OutboxMail[]> {
  const attachments = await readOutboxAttachments(db, rows.map((r) => r.attachments ?? []));
  return rows.map((r, i) => outboxMailFromRow(r, attachments[i]!));
}

/**
 * Issue 29: an attachment of more than this many bytes is stored once, in `outbox_blobs` under the
 * SHA-256 of its bytes, and the outbox row names it (sql/0032): a results report's two map pictures
 * (~650 KB) were in each of a game's 8 rows. Below it (a calendar event, under 1 KB) the reference
 * and the extra lookup would cost about what they save, and the file stays in the row.
 */
export const INLINE_ATTACHMENT_MAX_BYTES = 4096;

/**
 * Whether `a` is stored by reference. Never a calendar event, whatever its size: `reproduce` compares
 * its text with the DTSTAMP masked, which a hash would hide.
 */
function storedAsBlob(a: OutboxAttachment): boolean {
  return !a.calendarMethod && !a.contentType.toLowerCase().startsWith('text/calendar') && Buffer.byteLength(a.content, 'base64') > INLINE_ATTACHMENT_MAX_BYTES;
}

/**
 * Write the bytes of the large attachments of `mails` to `outbox_blobs`, each distinct one once (one
 * INSERT … ON CONFLICT DO NOTHING for all of them, in hash order so that two transactions storing the
 * same pictures wait for each other in one order and never deadlock), and return how each attachment
 * is stored in its row.
 */
async function storeAttachments(db: Db, mails: readonly NewOutboxMail[]): Promise<(a: OutboxAttachment) => StoredOutboxAttachment> {
  const hashes = new Map<string, string>(); // base64 content → SHA-256 of the bytes (the same picture in every mail of a game)
  const blobs = new Map<string, { content: Buffer; contentType: string }>();
  for (const mail of mails) {
    for (const a of mail.attachments ?? []) {
      if (hashes.has(a.content) || !storedAsBlob(a)) continue;
      const bytes = Buffer.from(a.content, 'base64');
      const sha = createHash('sha256').update(bytes).digest('hex');
      hashes.set(a.content, sha);
      if (!blobs.has(sha)) blobs.set(sha, { content: bytes, contentType: a.contentType });
    }
  }
  if (blobs.size > 0) {
    await db
      .insertInto('outbox_blobs')
      .values([...blobs].sort(([x], [y]) => (x < y ? -1 : 1)).map(([sha256, b]) => ({ sha256, content: b.content, content_type: b.contentType })))
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
  }
  return (a) => {
    const sha = hashes.get(a.content);
    if (sha === undefined) return a;
    const { content: _bytes, ...rest } = a;
    return { ...rest, blob: sha };
  };
}

/**
 * Attachments as outbox rows store them, back as {@link OutboxAttachment}s with their bytes: the
 * inline ones as they are, those stored by reference read from `outbox_blobs` (one query for every
 * list given; each distinct blob encoded once). Rows written before sql/0032 are all inline. A
 * reference to a missing blob throws (the database lost a row it never deletes).
 */
export async function readOutboxAttachments(db: Db, lists: readonly (readonly StoredOutboxAttachment[])[]): Promise<OutboxAttachment[][]> {
  const wanted = new Set<string>();
  for (const list of lists) for (const a of list) if (a.blob !== undefined) wanted.add(a.blob);
  const found = new Map<string, string>();
  if (wanted.size > 0) {
    const rows = await db.selectFrom('outbox_blobs').select(['sha256', 'content']).where('sha256', 'in', [...wanted]).execute();
    for (const r of rows) found.set(r.sha256, r.content.toString('base64'));
  }
  return lists.map((list) => list.map((a) => {
    if (a.blob === undefined) return a as OutboxAttachment;
    const content = found.get(a.blob);
    if (content === undefined) throw new Error(`outbox attachment ${a.filename}: its bytes (sha256 ${a.blob}) are not in outbox_blobs`);
    const { blob: _ref, ...rest } = a;
    return { ...rest, content };
  }));
}

/** A dedupe key from its parts: `outboxKey('report', 'wm-r1-b7', 'S1901M', 'Ann@X.org')` → `report:wm-r1-b7:S1901M:ann@x.org`. Pure. */
export function outboxKey(kind: string, ...parts: readonly (string | number)[]): string {
  return [kind, ...parts.map((p) => String(p).toLowerCase())].join(':');
}

/** A Message-ID (without angle brackets) derived from the dedupe key, so a resend carries the same one. Pure. */
export function outboxMessageId(dedupeKey: string, domain: string): string {
  return `${createHash('sha256').update(dedupeKey).digest('hex').slice(0, 32)}@${domain}`;
}

/** The outbox row of a new mail, its attachments as `stored` keeps them. Pure. */
function outboxRow(mail: NewOutboxMail, stored: (a: OutboxAttachment) => StoredOutboxAttachment) {
  return {
    dedupe_key: mail.dedupeKey,
    game_id: mail.gameId ?? null,
    kind: mail.kind,
    from_address: mail.fromAddress ?? null,
    to_address: mail.to,
    subject: mail.subject,
    body_text: mail.bodyText,
    headers: JSON.stringify(mail.headers ?? {}),
    attachments: JSON.stringify((mail.attachments ?? []).map(stored)),
    message_id: mail.messageId,
  };
}

/**
 * Enqueue a mail; a second enqueue with the same dedupe key is a no-op that returns the first
 * mail's id with `created: false`. Call it with the transaction that made the decision.
 */
export async function enqueueOutbox(trx: Db, mail: NewOutboxMail): Promise<{ id: number; created: boolean }> {
  return (await enqueueOutboxMany(trx, [mail]))[0]!;
}

/** The id of the mail already queued under `dedupeKey`. */
async function queuedId(trx: Db, dedupeKey: string): Promise<{ id: number; created: false }> {
  const existing = await trx.selectFrom('outbox').select('id').where('dedupe_key', '=', dedupeKey).executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

/**
 * {@link enqueueOutbox}, and when the row is new its `send-mail` job (`graphile_worker.add_job`, key
 * `send:<id>`, payload `{ outboxId }`, as src/db/jobs.ts's enqueueJob adds it) in the same statement:
 * one round trip for a reply instead of two (issue 29).
 */
export async function enqueueOutboxWithSendJob(trx: Db, mail: NewOutboxMail, priority: number): Promise<{ id: number; created: boolean }> {
  const stored = await storeAttachments(trx, [mail]); // no statement unless the mail carries a picture
  const insert = trx.insertInto('outbox').values(outboxRow(mail, stored)).onConflict((oc) => oc.column('dedupe_key').doNothing()).returning('id');
  const r = await sql<{ id: number }>`
    WITH o AS (${insert})
    SELECT o.id, graphile_worker.add_job('send-mail'::text, json_build_object('outboxId', o.id),
             queue_name := NULL::text, run_at := NULL::timestamptz, max_attempts := 25::int, job_key := 'send:' || o.id,
             priority := ${priority}::int, job_key_mode := 'preserve_run_at'::text) IS NOT NULL AS queued
      FROM o`.execute(trx);
  const inserted = r.rows[0];
  return inserted ? { id: inserted.id, created: true } : queuedId(trx, mail.dedupeKey);
}

/**
 * Enqueue several mails with one INSERT (issue 29: a deadline's reports, a notice to many), in the
 * order given; like {@link enqueueOutbox} for each, a key already queued is a no-op returning the
 * first mail's id with `created: false`. Two mails of one call must not share a key.
 */
export async function enqueueOutboxMany(trx: Db, mails: readonly NewOutboxMail[]): Promise<{ id: number; created: boolean }[]> {
  if (mails.length === 0) return [];
  const stored = await storeAttachments(trx, mails);
  const inserted = await trx
    .insertInto('outbox')
    .values(mails.map((m) => outboxRow(m, stored)))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning(['id', 'dedupe_key'])
    .execute();
  const created = new Map(inserted.map((r) => [r.dedupe_key, r.id]));
  const missing = mails.filter((m) => !created.has(m.dedupeKey)).map((m) => m.dedupeKey);
  const existing = missing.length === 0 ? new Map<string, number>()
    : new Map((await trx.selectFrom('outbox').select(['id', 'dedupe_key']).where('dedupe_key', 'in', missing).execute()).map((r) => [r.dedupe_key, r.id]));
  const seen = new Set<string>();
  return mails.map((m) => {
    const id = created.get(m.dedupeKey);
    const first = !seen.has(m.dedupeKey);
    seen.add(m.dedupeKey);
    return id !== undefined ? { id, created: first } : { id: existing.get(m.dedupeKey)!, created: false };
  });
}

/**
 * Claim pending mails (oldest first; one given `id`, or those of `ids`, if set) with `FOR UPDATE SKIP LOCKED`: rows
 * another transaction holds are skipped, so concurrent senders never get the same mail. The claim
 * lasts until `trx` ends: send, then {@link markOutboxSent} / {@link markOutboxFailed} in `trx`.
 */
export async function claimPendingOutbox(trx: Trx, options: { limit?: number; id?: number; ids?: readonly number[] } = {}): Promise<OutboxMail[]> {
  let q = trx.selectFrom('outbox').selectAll().where('status', '=', 'pending');
  if (options.id !== undefined) q = q.where('id', '=', options.id);
  if (options.ids !== undefined) q = q.where('id', 'in', options.ids.length > 0 ? [...options.ids] : [-1]);
  const rows = await q
    .orderBy('id')
    .limit(options.limit ?? 10)
    .forUpdate()
    .skipLocked()
    .execute();
  return outboxMailsFromRows(trx, rows);
}

/** Record a successful hand-off to the smarthost (or the .eml file). */
export async function markOutboxSent(db: Db, id: number, at: Date = judgeNow()): Promise<void> {
  await markOutboxSentMany(db, [id], at);
}

/** {@link markOutboxSent} for several mails, one statement. */
export async function markOutboxSentMany(db: Db, ids: readonly number[], at: Date = judgeNow()): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: at, attempts: sql<number>`attempts + 1`, last_error: null })
    .where('id', 'in', [...ids])
    .execute();
}

/**
 * Record a failed attempt. The mail stays `pending` for a retry unless `permanent` (a 5xx answer,
 * or the retries are used up), which makes it `failed`.
 */
export async function markOutboxFailed(db: Db, id: number, error: string, options: { permanent?: boolean } = {}): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: options.permanent ? 'failed' : 'pending', attempts: sql<number>`attempts + 1`, last_error: error })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** The mail with this id, or `undefined`. */
export async function findOutboxMail(db: Db, id: number): Promise<OutboxMail | undefined> {
  const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
  return row && (await outboxMailsFromRows(db, [row]))[0];
}

/** Record that a GM digest named these failed mails (issue 25), so that the next digest does not repeat them. */
export async function markFailuresReported(db: Db, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('outbox').set({ gm_reported_at: at }).where('id', 'in', [...ids]).where('gm_reported_at', 'is', null).execute();
}
