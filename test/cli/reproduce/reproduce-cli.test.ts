/**
 * `mailjudge reproduce` end to end (issue 16): `mailjudge demo` plays a game through the running
 * judge (real worker, real clock); `reproduce --game demo-1` replays its archived mail, the GM's
 * "process now" and the worker's runs into a fresh database on the same server and finds everything
 * identical. Then one published mail and one stored result are edited by hand, as a dishonest
 * operator would, and reproduce names exactly that row and field, expected against got, exit 3.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { reproduceInto } from '../../../src/cli/reproduce/reproduce.js';
import { migrateQueue } from '../../../src/worker/queue.js';

let t: TestDatabase;
let state: string;

beforeAll(async () => {
  t = await createTestDatabase();
  state = mkdtempSync(join(tmpdir(), 'mj-reproduce-'));
});
afterAll(async () => {
  await t.close();
  rmSync(state, { recursive: true, force: true });
});

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8', timeout: 90_000,
    env: { ...process.env, DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: state, MAILJUDGE_FROM_ADDRESS: 'judge@judge.example.org' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('mailjudge reproduce on the demo', () => {
  it('matches the record, then names the one mail and the one result edited by hand', { timeout: 120_000 }, async () => {
    const demo = cli(['demo']);
    expect(demo.stderr).toBe('');
    expect(demo.status).toBe(0);

    const ok = cli(['reproduce', '--game', 'demo-1']);
    console.log(ok.stdout.trim());
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    // 14 order mails, the game-create and the GM's two "process now", two adjudications; every mail and result identical.
    expect(ok.stdout).toMatch(/^reproduce demo-1: matched: 14 message\(s\), 3 command\(s\), 2 worker run\(s\) replayed; 1 games, 3 phases, 7 positions, 14 inbound_decisions, 14 order_sets, \d+ outbox, 14 communications_recorded identical\.$/m);
    const outboxRows = (await t.db.selectFrom('outbox').select('id').where('game_id', '=', 'demo-1').execute()).length;
    expect(ok.stdout).toContain(` ${outboxRows} outbox,`);

    // A published mail edited by hand: France's Fall 1901 report says Belgium was taken by someone else.
    const report = await t.db.selectFrom('outbox').select(['id', 'body_text', 'subject', 'to_address']).where('game_id', '=', 'demo-1')
      .where('kind', '=', 'adjudication-report').where('to_address', '=', 'france@demo.example.org').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const line = report.body_text.split('\n').findIndex((l) => l.includes('A BUR - BEL'));
    expect(line).toBeGreaterThan(0);
    const original = report.body_text.split('\n')[line]!;
    const forged = original.replace('A BUR - BEL', 'A BUR - PIC');
    await t.db.updateTable('outbox').set({ body_text: report.body_text.replace(original, forged) }).where('id', '=', report.id).execute();
    const mail = cli(['reproduce', '--game', 'demo-1']);
    console.log(mail.stdout.trim());
    expect(mail.status).toBe(3);
    const rank = (await t.db.selectFrom('outbox').select('id').where('game_id', '=', 'demo-1').where('id', '<=', report.id).execute()).length;
    expect(mail.stdout).toContain(`first difference: outbox row ${rank} of ${outboxRows}: demo-1 mail "${report.subject}" (adjudication-report) to france@demo.example.org, field body_text line ${line + 1}`);
    expect(mail.stdout).toContain(`  expected (the record): ${forged}\n  got (the replay):      ${original}\n`);
    await t.db.updateTable('outbox').set({ body_text: report.body_text }).where('id', '=', report.id).execute();

    // A stored result edited by hand: Spring 1901's first order "failed" (the same replay, in process).
    await sql`UPDATE phases SET results = jsonb_set(results, '{results,0,outcome}', '"failed"') WHERE game_id = 'demo-1' AND name = 'S1901M'`.execute(t.db);
    const fresh = await createTestDatabase();
    await migrateQueue(fresh.url);
    const r = await reproduceInto(t.db, fresh.db, ['demo-1'], { fromAddress: 'judge@judge.example.org' });
    await fresh.close();
    expect(r.kind).toBe('differs');
    if (r.kind === 'problem') return;
    expect(r.difference).toMatchObject({ table: 'phases', row: 'phases row 2 of 3: demo-1 phase S1901M (generation 0)', field: 'results' });
    expect(r.difference!.expected).toContain('"outcome":"failed"');
    expect(r.difference!.got).not.toContain('"outcome":"failed"');
    expect(r.difference!.expected.replace('"outcome":"failed"', '')).toBe(r.difference!.got.replace(/"outcome":"[a-z]+"/, ''));

    // Bad input: exactly one of --game and --tournament.
    const bad = cli(['reproduce']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('give exactly one of --game <game> and --tournament <slug>');
    expect(cli(['reproduce', '--game', 'nope']).stderr).toContain('no game "nope"');
  });
});
