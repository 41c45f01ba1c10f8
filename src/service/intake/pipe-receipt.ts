/**
 * `mailjudge ingest`'s store path (issue 29, docs/startup.md): the raw message stored with its
 * decision job on a bare `pg` client, before Kysely, zod or the MIME parser is loaded. The statements
 * are receipt-sql.ts's, the ones every other source runs through Kysely (store-message.ts), and the
 * queue is decided by the same code (receipt-queue.ts), so a message stored here is the same row with
 * the same job as one stored by storeMessages: stored once however often the MTA delivers it (the
 * bytes are its key), decided later in its game's queue.
 *
 * One transaction: the schema is checked first (the judge's migrations and graphile-worker's
 * revision, what a migrated database holds); a database that is not migrated, or migrated by another
 * build, gets `not-migrated` and nothing is written: the caller then takes the full path, which
 * migrates (or refuses) as before.
 */
import { rawMessageId } from '../../mail/inbound/message-id.js';
import { migrationsExpected } from '../../db/migration-files.js';
import { addDecideJobs, findStoredInbound, insertInbound, QUEUE_SCHEMA_REVISION, receiptCandidates, receiptSchemaState, type InboundValues, type Statement } from '../../db/receipt-sql.js';
import type { GameCandidate } from '../../rules/submission/index.js';
import { queueQuestion, queuesOf } from './receipt-queue.js';
import { createHash } from 'node:crypto';

/** What this needs of a `pg.Client`. */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The outcome: stored (or found stored) with its id, or the database is not this build's schema. */
export type PipeReceipt =
  | { readonly kind: 'stored'; readonly inboundId: number; readonly created: boolean; readonly queue?: string }
  | { readonly kind: 'not-migrated'; readonly why: string };

/** SQLSTATEs of a missing table or schema: a database not migrated at all. */
const MISSING = new Set(['42P01', '3F000']);

async function run<R>(client: SqlClient, s: Statement): Promise<R[]> {
  return (await client.query(s.text, [...s.values])).rows as R[];
}

/**
 * Store the pipe's message (`role`: the game address, or the TD's confirmation address) and add its
 * decision job, in one transaction on `client` (connected, not in a transaction). Throws when the
 * transaction fails: nothing of it is kept, and the MTA is answered EX_TEMPFAIL.
 */
export async function storeFromPipe(
  client: SqlClient,
  settings: { readonly fromAddress: string; readonly statementTimeoutSeconds: number },
  msg: { readonly raw: Buffer; readonly receivedAt: Date; readonly role: 'game' | 'confirm' },
  expected: { readonly count: number; readonly last: string | undefined } = migrationsExpected(),
): Promise<PipeReceipt> {
  await client.query('BEGIN');
  try {
    let state: { judge_count: number; judge_last: string | null; queue_revision: number | null };
    try {
      [state] = (await run(client, receiptSchemaState(settings.statementTimeoutSeconds))) as [typeof state];
    } catch (e) {
      if (!MISSING.has((e as { code?: string }).code ?? '')) throw e;
      await client.query('ROLLBACK');
      return { kind: 'not-migrated', why: (e as Error).message };
    }
    if (state.judge_count !== expected.count || state.judge_last !== (expected.last ?? null) || state.queue_revision !== QUEUE_SCHEMA_REVISION) {
      await client.query('ROLLBACK');
      return {
        kind: 'not-migrated',
        why: `the database has ${state.judge_count} migrations up to ${state.judge_last} and queue revision ${state.queue_revision}; this build has ${expected.count} up to ${expected.last} and revision ${QUEUE_SCHEMA_REVISION}`,
      };
    }
    const row: InboundValues = {
      raw: msg.raw, receivedAt: msg.receivedAt, source: 'pipe', mailbox: `pipe:${msg.role}`, uidvalidity: null, uid: null,
      messageId: rawMessageId(msg.raw) ?? null, role: msg.role, envelope: null,
    };
    const [inserted] = await run<{ id: string | number }>(client, insertInbound(row));
    let receipt: PipeReceipt;
    if (inserted) {
      const inboundId = Number(inserted.id);
      const q = queueQuestion([msg]);
      const candidates = q.addresses.length > 0 || q.tags.length > 0 ? await run<GameCandidate>(client, receiptCandidates(q.addresses, q.tags)) : [];
      const queue = queuesOf(settings.fromAddress, [msg], q, candidates)[0]!;
      await run(client, addDecideJobs([inboundId], [queue]));
      receipt = { kind: 'stored', inboundId, created: true, queue };
    } else {
      const [existing] = await run<{ id: string | number }>(client, findStoredInbound(row, createHash('sha256').update(msg.raw).digest('hex')));
      if (!existing) throw new Error('the message was neither stored nor found stored');
      receipt = { kind: 'stored', inboundId: Number(existing.id), created: false };
    }
    await client.query('COMMIT');
    return receipt;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}
