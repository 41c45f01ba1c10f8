/**
 * Issue 29: the SQL one game costs at a deadline. A created game with its seven S1901M sets in (as
 * mail), then what the worker does when the deadline falls: the `adjudicate-phase` job's own look-up
 * (turnJobFacts: the game's kind, its waiting decisions), the adjudication (adjudicatePhaseTask), and
 * the `send-mail` job of the eight reports it queued (sendMailTask with the take-over of other waiting
 * sends, as the worker runs it, to a file outbox). Every statement sent through `pg` is counted (the
 * pg client's query method, wrapped for this file); graphile-worker's own fetch and completion of the
 * two jobs (two statements each) are not in it.
 *
 * A regression guard, not a benchmark: the bounds are the counts measured when they were set
 * (docs/scaling.md, "Issue 29: a deadline's statements per game") plus a few, so a change that adds a
 * look-up passes, and one that adds a query per power, per report or per mail again fails here.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjudicatePhaseTask } from '../../src/service/diplomacy/adjudicate-phase.js';
import { turnJobFacts } from '../../src/db/jobs.js';
import { verifyAuditChain } from '../../src/db/audit-log.js';
import { createTransport } from '../../src/mail/outbound/send.js';
import { sendMailTask, type SendMailPayload } from '../../src/worker/tasks/send-mail.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { DEMO_CTX, demoGameWithOrders } from '../helpers/demo-game.js';
import { counting } from '../helpers/count-statements.js';

const PRINT = process.env.MAILJUDGE_PRINT_STATEMENTS === '1';
let t: TestDatabase;
let outboxDir: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  outboxDir = mkdtempSync(join(tmpdir(), 'mj-adj-stmts-'));
});
afterAll(async () => {
  await t.close();
  rmSync(outboxDir, { recursive: true, force: true });
});

describe('statements of a game adjudicated at its deadline (issue 29)', () => {
  it('the job\'s look-up, the adjudication and the send of its 8 reports stay within their bounds', async () => {
    await demoGameWithOrders(t.db, 'adj');
    // The game-start mails and their jobs are not this test's: only the deadline's work is counted.
    await sql`DELETE FROM graphile_worker._private_jobs`.execute(t.db);
    await t.db.deleteFrom('outbox').execute();
    const transport = createTransport({ outboxDir, from: DEMO_CTX.fromAddress });
    const deadlineCtx = { ...DEMO_CTX, now: () => new Date('2026-03-06T12:00:01Z') }; // a second after the deadline
    const adj = await counting(async () => {
      const facts = await turnJobFacts(t.db, 'adj');
      expect(facts).toMatchObject({ kind: 'diplomacy', dueDecisions: false });
      return adjudicatePhaseTask(t.db, deadlineCtx, { gameId: 'adj', phase: 'S1901M' });
    });
    expect(adj.value).toBe('adjudicated');
    const jobs = await sql<{ payload: SendMailPayload; id: string }>`SELECT j.id, j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks k ON k.id = j.task_id WHERE k.identifier = 'send-mail' ORDER BY j.id`.execute(t.db);
    expect(jobs.rows).toHaveLength(1); // the 8 reports are one job
    const send = await counting(async () => {
      for (const j of jobs.rows) await sendMailTask(t.db, transport, j.payload, { fromAddress: DEMO_CTX.fromAddress }, { job: { id: j.id }, takeOver: 20 });
    });
    if (PRINT) console.log(`--- adjudication ${adj.statements.length}\n${adj.statements.map((s) => s.slice(0, 160)).join('\n')}\n--- send ${send.statements.length}\n${send.statements.map((s) => s.slice(0, 160)).join('\n')}`);
    // Seven players and the GM, each one mail with the two maps; every row marked sent.
    expect(readdirSync(outboxDir).filter((f) => f.endsWith('.eml'))).toHaveLength(8);
    const rows = await t.db.selectFrom('outbox').select(['status']).where('game_id', '=', 'adj').execute();
    expect(rows.map((r) => r.status)).toEqual(Array(8).fill('sent'));
    expect(await verifyAuditChain(t.db)).toBeNull();
    const counts = { adjudication: adj.statements.length, send: send.statements.length };
    console.log(`statements per game at a deadline: ${JSON.stringify(counts)}`);
    // Counted by hand (stop 40), what each statement is for:
    // the job's look-up (1): the game's kind and whether messages of it wait to be decided;
    // the adjudication's transaction (19): BEGIN; the game's lock; the phase's order sets (their
    //   statuses derived from them); the holdings; their people and the GM; the open proposals; the
    //   turn's presence (civil disorder, MAPS choices, whether a withheld phase, a pending rollback
    //   request or press exists); the phase with the last publication; the calendar settings with the
    //   consent and whether windows or holidays exist; the result saved and published; the next phase
    //   inserted; the game's progress; the reply tokens of the 8 readers; the 2 map pictures (one
    //   INSERT); the 8 outbox rows (one INSERT); their send job; the next phase's job with the early
    //   job's removal; the audit entry with the replay-log entry; COMMIT  — 1 + 19 = 20;
    // the send (5): BEGIN; the take-over of waiting sends with the claim of the 8 rows; the 2
    //   pictures' bytes; the 8 rows marked sent; COMMIT.
    // Before (189c3da): 1 + 1 + 42 = 44 and 6 (the game locked twice, the calendar inputs read twice
    // in four statements each, the holdings three times, the people three times, the proposals twice,
    // a statement for each of the spring phase, civil disorder, withheld, MAPS, press, rollback).
    expect(counts.adjudication).toBeLessThanOrEqual(22); // 20 + 2
    expect(counts.send).toBeLessThanOrEqual(5);
  }, 120_000);
});
