/**
 * Real-world-shaped mail through the pipe (issue 20): every message of test/fixtures/real-world
 * handed to the built `mailjudge ingest` as an MTA would (and a few of them twice, the MTA's retry):
 * exit 0 every time, stored once, decided once (one decision, one audit entry), answered or ignored as its README line
 * says; nothing stops the intake. A message over MAX_MESSAGE_BYTES, generated here: from a registered
 * player it is quarantined and the player told the limit and what to send instead; from a stranger or
 * as an auto-reply it is quarantined silently. `mailjudge audit --power` lists the player's ignored and
 * quarantined messages with the rest.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../../src/rules/limits.js';
import { CLI } from '../helpers/cli.js';
import { checkDecidedOnce, JUDGE, loadRealWorld, oversized, realWorldGame, repliesTo, RW_CAST, RW_GAME, type RealWorldMessage } from '../helpers/real-world-corpus.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly json: Record<string, unknown>;
}

let t: TestDatabase;
const corpus = loadRealWorld();
const REDELIVERED = ['07-dsn-postfix', '25-cron-daemon-root', '26-nul-text-part'];
const first = new Map<string, Run>();
const again = new Map<string, Run>();

function ingest(input: Buffer, args: string[] = []): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: t.url, MAILJUDGE_FROM_ADDRESS: JUDGE, MAILJUDGE_PIPE_RECEIVED_BY: 'mx.judge.example.org', MAILJUDGE_LOG_LEVEL: 'silent' };
    const child = spawn(process.execPath, [CLI, 'ingest', ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (status) => {
      try {
        resolve({ status, stdout, stderr, json: JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown> });
      } catch (e) {
        reject(new Error(`ingest printed no JSON (exit ${status}): ${stdout}\n${stderr}`, { cause: e }));
      }
    });
    child.stdin.end(input);
  });
}

/** Run `fn` over `items`, `width` at a time (the machine has two cores). */
async function inBatches<T>(items: readonly T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(fn));
}

beforeAll(async () => {
  t = await createTestDatabase();
  await realWorldGame(t.db);
  // One delivery of each message; then the MTA delivers some again (a retry after a lost answer):
  // a bounce, the cron mail and the one with NULs, which once could not be decided at all.
  await inBatches(corpus, 3, async (m) => void first.set(m.name, await ingest(m.raw)));
  await inBatches(corpus.filter((m) => REDELIVERED.includes(m.name)), 3, async (m) => void again.set(m.name, await ingest(m.raw)));
}, 240_000);
afterAll(async () => t.close());

describe('mailjudge ingest: the real-world corpus', () => {
  it.each(corpus.map((m) => [m.name, m] as const))('%s: exit 0, stored once, decided once, %s', async (_name, m: RealWorldMessage) => {
    const run = first.get(m.name)!;
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    const inboundId = run.json.inboundId as number;
    expect(run.json.kind).not.toBe('duplicate');
    const stored = await t.db.selectFrom('inbound_messages').select(['raw', 'source']).where('id', '=', inboundId).executeTakeFirstOrThrow();
    expect(stored.raw.equals(m.raw)).toBe(true); // the bytes as delivered, NULs and all
    await checkDecidedOnce(t.db, inboundId, m.expected);
    // The MTA's second delivery: success, the same message, nothing new.
    const second = again.get(m.name);
    if (second) {
      expect(second.status, second.stderr).toBe(0);
      expect(second.json).toMatchObject({ kind: 'duplicate', inboundId });
    }
  });

  it('stored every delivery exactly once and left nothing undecided', async () => {
    expect([...again.keys()].sort()).toEqual(REDELIVERED);
    const rows = await t.db.selectFrom('inbound_messages as m').leftJoin('inbound_decisions as d', 'd.inbound_message_id', 'm.id').select(['m.id', 'd.outcome']).execute();
    expect(rows).toHaveLength(corpus.length);
    expect(rows.filter((r) => r.outcome === null)).toEqual([]);
  });

  it('keeps the NULs in the raw bytes and out of everything read from them', async () => {
    const id = first.get('26-nul-text-part')!.json.inboundId as number;
    const raw = (await t.db.selectFrom('inbound_messages').select('raw').where('id', '=', id).executeTakeFirstOrThrow()).raw;
    expect(raw.toString('latin1')).toContain(Buffer.from('\x00binary').toString('base64').slice(0, 8));
    const ack = await repliesTo(t.db, id);
    expect(ack.length).toBeGreaterThan(0);
    for (const a of ack) expect(a.body_text).not.toContain('\u0000');
  });
});

describe('mailjudge ingest: a message over MAX_MESSAGE_BYTES', () => {
  it('from a registered player: exit 0, quarantined, and the player told the limit and what to send instead', async () => {
    const run = await ingest(oversized(`Anna Kovacs <${RW_CAST.AUSTRIA}>`, 'big-1'));
    expect(run.status, run.stderr).toBe(0);
    expect(run.json).toMatchObject({ kind: 'quarantined', reason: expect.stringContaining(`larger than ${MAX_MESSAGE_BYTES} bytes`) });
    const id = run.json.inboundId as number;
    const d = await t.db.selectFrom('inbound_decisions').selectAll().where('inbound_message_id', '=', id).executeTakeFirstOrThrow();
    expect(d).toMatchObject({ outcome: 'quarantined', from_address: RW_CAST.AUSTRIA, game_id: RW_GAME, replied: true });
    const [notice, ...more] = await repliesTo(t.db, id);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ kind: 'message-not-read', to_address: RW_CAST.AUSTRIA, subject: '[rw-b1] Your message was not read: too large' });
    expect(notice!.body_text).toContain(`larger than the judge's limit of ${MAX_MESSAGE_BYTES} bytes (2 MiB)`);
    expect(notice!.body_text).toContain('as plain text in the body of a new message, with no attachments');
    expect((await ingest(oversized(`Anna Kovacs <${RW_CAST.AUSTRIA}>`, 'big-1'))).json).toMatchObject({ kind: 'duplicate', inboundId: id });
  });

  // prettier-ignore
  it.each([
    // what                                   From                               extra headers
    ['from an address nobody registered',     'someone@example.com',             []],
    ['an auto-reply of a registered player',  RW_CAST.ENGLAND,                   ['Auto-Submitted: auto-replied']],
    ['a bounce',                              'MAILER-DAEMON@mail.example.com',  ['Content-Type: multipart/report; report-type=delivery-status; boundary=x']],
  ])('%s: exit 0, quarantined, nobody answered', async (what, from, extra) => {
    const run = await ingest(oversized(from, `big-${what.length}`, extra));
    expect(run.status, run.stderr).toBe(0);
    expect(run.json).toMatchObject({ kind: 'quarantined' });
    const d = await t.db.selectFrom('inbound_decisions').selectAll().where('inbound_message_id', '=', run.json.inboundId as number).executeTakeFirstOrThrow();
    expect(d).toMatchObject({ outcome: 'quarantined', from_address: from.toLowerCase(), replied: false });
    expect(await repliesTo(t.db, run.json.inboundId as number)).toEqual([]);
  });
});

describe('mailjudge audit --power', () => {
  it("lists the player's ignored and quarantined messages with the rest", async () => {
    const r = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, 'audit', '--game', RW_GAME, '--power', 'AUSTRIA', '--json'], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: t.url } });
      let stdout = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.once('close', (status) => resolve({ status, stdout }));
    });
    expect(r.status).toBe(0);
    const audit = JSON.parse(r.stdout) as { receipts: { inbound: number; outcome: string; reason: string | null }[] };
    const ids = (name: string) => first.get(name)!.json.inboundId as number;
    const byId = new Map(audit.receipts.map((x) => [x.inbound, x]));
    expect(byId.get(ids('01-outlook-alternative-qp'))?.outcome).toMatch(/orders|message/);
    expect(byId.get(ids('13-outlook-tnef-winmail'))?.outcome).toMatch(/orders|message/);
    expect(byId.get(ids('12-outlook-automatic-reply'))).toMatchObject({ outcome: 'ignored', reason: expect.stringMatching(/Auto-Submitted/) });
    expect(audit.receipts.filter((x) => x.outcome === 'quarantined')).toHaveLength(1); // the message over the limit
    // Only Austria's mail: nobody else's auto-reply or bounce.
    expect(byId.has(ids('11-vacation-sieve'))).toBe(false);
    expect(byId.has(ids('07-dsn-postfix'))).toBe(false);
  });
});
