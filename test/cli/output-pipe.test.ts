/**
 * No command cuts its own output (issue 20): `mailjudge outbox --json | wc -c` printed 64 KiB of
 * 232 KiB because the command called process.exit right after writing. Here the listings go through
 * a pipe to a reader that starts late (`sleep; cat`), so a process that ends before its output is
 * written out loses the rest; the output must arrive whole and parse, with the command's exit code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertInboundMessage } from '../../src/db/inbound-messages.js';
import { insertDecision } from '../../src/db/inbound-decisions.js';
import { CLI } from '../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const MAILS = 1500;
const QUARANTINED = 400;
let t: TestDatabase;
let stateDir: string;

beforeAll(async () => {
  t = await createTestDatabase();
  stateDir = mkdtempSync(join(tmpdir(), 'mj-pipe-'));
  await sql`INSERT INTO outbox (dedupe_key, kind, to_address, subject, body_text, message_id)
    SELECT 'pipe:' || g, 'orders-received', 'player' || g || '@example.org', 'S1901M orders received ' || repeat('.', 150), 'body', 'pipe-' || g || '@judge.example.org'
    FROM generate_series(1, ${MAILS}) g`.execute(t.db);
  for (let i = 0; i < QUARANTINED; i++) {
    const m = await insertInboundMessage(t.db, { raw: Buffer.from(`Subject: ${i}\r\n\r\n${'x'.repeat(100)}\r\n`), receivedAt: new Date(), source: 'pipe', mailbox: 'pipe:game' });
    await insertDecision(t.db, { inboundMessageId: m.id, role: 'game', decidedAt: new Date(), fromAddress: `p${i}@example.org`, outcome: 'quarantined', reason: `could not be decided: ${'a long reason '.repeat(10)}`, replied: false });
  }
});
afterAll(async () => {
  await t.close();
  rmSync(stateDir, { recursive: true, force: true });
});

/** `mailjudge <args> | (sleep 0.3; cat)`: the output as the late reader got it, and the command's own exit code. */
function throughSlowPipe(args: string[]) {
  const command = `"${process.execPath}" "${CLI}" ${args.join(' ')} | (sleep 0.3; cat); exit \${PIPESTATUS[0]}`;
  const r = spawnSync('bash', ['-c', command], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: stateDir }, maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}

describe('output through a pipe', () => {
  it(`outbox --json: all ${MAILS} mails, well over 64 KiB, parse`, () => {
    const r = throughSlowPipe(['outbox', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(4 * 65_536);
    const list = JSON.parse(r.stdout) as { id: number; subject: string }[];
    expect(list).toHaveLength(MAILS);
    expect(list.at(-1)!.subject).toMatch(/^S1901M orders received \.+$/);
  });

  it('outbox as text: every line, then the quarantined count', () => {
    const r = throughSlowPipe(['outbox']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split('\n').filter((l) => / pending /.test(l))).toHaveLength(MAILS);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(`${QUARANTINED} inbound message(s) quarantined (stored, not read): mailjudge quarantine`);
  });

  it(`quarantine --json: all ${QUARANTINED} messages parse`, () => {
    const r = throughSlowPipe(['quarantine', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(65_536);
    const q = JSON.parse(r.stdout) as { quarantined: unknown[]; undecided: unknown[] };
    expect(q.quarantined).toHaveLength(QUARANTINED);
    expect(q.undecided).toEqual([]);
  });

  it('a bad argument still ends with exit code 2 and its JSON error, whole', () => {
    const r = throughSlowPipe(['adjudicate', '--rules', 'nonsense']);
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: expect.stringContaining('nonsense') });
  });
});
