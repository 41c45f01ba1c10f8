/**
 * The GM's and TD's new commands through the built CLI (dist/src/cli/main.js) with DATABASE_URL
 * pointing at this file's database: `proposal agree` (D.IX(5)) and `rollback-request approve|refuse`
 * (D.VIII(1)) — done, refused with every problem (exit code 2), the mails queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPhase } from '../../src/db/phases.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { CLI, runDbCli } from '../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails } from '../service/fixtures.js';
import { Sim, holdAll } from '../service/sim.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const START = new Date('2030-06-03T12:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

const cli = (...args: string[]) => runDbCli(t.url, ...args);

describe('mailjudge proposal agree', () => {
  it('records the GM\'s answer and tells the players; bad input is named', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'pa', { deadline: new Date(Date.now() + 96 * HOUR), round: 1 });
    const sim = new Sim(t.db, new Date());
    await sim.send('pa', g.players.get('ITALY')!.email, 'PROPOSE D.VII(3): accept orders until the start of adjudication', 'proposal');
    const bad = cli('proposal', 'agree', 'pa', '--rule', 'seven', '--proposal', 'x', '--json');
    expect(bad.status).toBe(2);
    expect(JSON.parse(bad.stdout).problems).toEqual(['--proposal "x": give the proposal\'s number, e.g. --proposal 4', '--rule "seven": give a rule as the tournament rules number it, e.g. --rule "D.VII(3)"']);
    const r = cli('proposal', 'agree', 'pa', '--rule', 'd.vii(3)', '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ game: 'pa', rule: 'D.VII(3)', agrees: true });
    expect((await mails(t.db, 'pa', 'proposal-gm-answer')).map((m) => m.subject)).toContain('[pa] The GM agrees to the change to house rule D.VII(3)');
  });
});

describe('mailjudge rollback-request', () => {
  it('nothing pending: exit 2 saying so; pending: the TD refuses, the GM is told', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'rq', { deadline: new Date(START.getTime() + 96 * HOUR), round: 1 });
    const sim = new Sim(t.db, START);
    for (const p of POWERS) await sim.send('rq', g.players.get(p)!.email, await holdAll(t.db, 'rq', p), 'orders FINAL');
    await sim.runDueJobs();
    const none = cli('rollback-request', 'approve', 'rq', '--json');
    expect(none.status).toBe(2);
    expect(JSON.parse(none.stdout).error).toBe('no rollback request is pending in rq; the GM asks with ROLLBACK <phase> <why>');
    sim.now = new Date(START.getTime() + HOUR);
    await sim.send('rq', g.gm.email, 'ROLLBACK S1901M misread', 'commands');
    const wrong = cli('rollback-request', 'approve', 'rq', '--phase', 'F1901M', '--json');
    expect(JSON.parse(wrong.stdout).error).toBe('the pending request in rq is for S1901M, not F1901M; nothing done');
    const r = cli('rollback-request', 'refuse', 'rq', '--phase', 'S1901M', '--note', 'the error stands');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('refused: the rollback of S1901M will not happen; the GM has been told.');
    expect((await mails(t.db, 'rq', 'rollback-answer'))[0]!.body).toContain("The TD's reason: the error stands");
    expect((await findPhase(t.db, 'rq', 'S1901M'))!.adjudicatedAt).not.toBeNull();
  });
});
