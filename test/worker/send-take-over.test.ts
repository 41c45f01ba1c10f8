/**
 * Issue 29: a `send-mail` job takes over the other send-mail jobs waiting at that moment (a burst of
 * acknowledgements) and sends their mails with its own, in one transaction: every mail sent once, the
 * taken jobs gone. When the sending fails for a reason that may pass, each taken mail gets its job back
 * (with graphile-worker's backoff), so none is left pending without one. Real PostgreSQL with
 * graphile-worker's schema; the judge's file outbox as the transport (a folder, then a path that is a
 * file, where nothing can be written).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueOutboxWithSendJob } from '../../src/db/outbox.js';
import { enqueueJob, SEND_MAIL_PRIORITY } from '../../src/db/jobs.js';
import { createTransport } from '../../src/mail/outbound/send.js';
import { sendMailTask } from '../../src/worker/tasks/send-mail.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const JUDGE = 'judge@judge.example.org';
let t: TestDatabase;
let dir: string;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  dir = mkdtempSync(join(tmpdir(), 'mj-take-over-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function queue(key: string): Promise<number> {
  const r = await enqueueOutboxWithSendJob(t.db, { dedupeKey: key, kind: 'orders-received', to: `${key}@example.org`, subject: `mail ${key}`, bodyText: `body ${key}\n`, messageId: `${key}@judge.example.org` }, SEND_MAIL_PRIORITY);
  return r.id;
}
const jobs = async () =>
  (await sql<{ id: string; key: string; attempts: number; later: boolean }>`SELECT j.id::text AS id, j.key, j.attempts, j.run_at > now() + interval '1 second' AS later FROM graphile_worker._private_jobs j ORDER BY j.id`.execute(t.db)).rows;
const statuses = async (ids: number[]) =>
  (await t.db.selectFrom('outbox').select(['id', 'status', 'attempts']).where('id', 'in', ids).orderBy('id').execute()).map((r) => `${r.status}/${r.attempts}`);

describe('send-mail takes over the waiting send jobs (issue 29)', () => {
  it('sends their mails with its own, once, and removes their jobs; the reports of a game (one job) are left to theirs', async () => {
    const ids = [await queue('a'), await queue('b'), await queue('c')];
    // Two mails queued together with one job, as a game's reports are (queueMails).
    const reports = [await queue('r1'), await queue('r2')];
    await sql`DELETE FROM graphile_worker._private_jobs WHERE key IN (${`send:${reports[0]}`}, ${`send:${reports[1]}`})`.execute(t.db);
    await enqueueJob(t.db, 'send-mail', { outboxIds: reports }, { jobKey: `send:${reports[0]}+2`, priority: SEND_MAIL_PRIORITY });
    const [first] = await jobs();
    expect(first!.key).toBe(`send:${ids[0]}`);
    const outboxDir = join(dir, 'ok');
    const transport = createTransport({ outboxDir, from: JUDGE });
    await sendMailTask(t.db, transport, { outboxId: ids[0]! }, undefined, { job: { id: first!.id }, takeOver: 20 });
    // The running job's row is graphile-worker's to complete; the other two are gone; the reports' job waits.
    expect((await jobs()).map((j) => j.key)).toEqual([`send:${ids[0]}`, `send:${reports[0]}+2`]);
    expect(await statuses(ids)).toEqual(['sent/1', 'sent/1', 'sent/1']);
    expect(await statuses(reports)).toEqual(['pending/0', 'pending/0']);
    expect(readdirSync(outboxDir).filter((f) => !f.startsWith('.')).length).toBe(3);
    await sql`DELETE FROM graphile_worker._private_jobs`.execute(t.db);
  });

  it('gives each taken mail its job back when the sending fails for a reason that may pass', async () => {
    const ids = [await queue('d'), await queue('e')];
    const [first] = await jobs();
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, 'not a folder');
    const transport = createTransport({ outboxDir: blocked, from: JUDGE });
    const e = await sendMailTask(t.db, transport, { outboxId: ids[0]! }, undefined, { job: { id: first!.id }, takeOver: 20 }).catch((err: unknown) => err);
    // Its own mail: the job throws, graphile-worker retries it. The taken one: a new job, later.
    expect(e).toBeInstanceOf(Error);
    expect(await statuses(ids)).toEqual(['pending/1', 'pending/1']);
    const left = await jobs();
    expect(left.map((j) => j.key)).toEqual([`send:${ids[0]}`, `send:${ids[1]}`]);
    expect(left[1]!.later).toBe(true); // exp(1) ≈ 2.7 s from now
  });
});
