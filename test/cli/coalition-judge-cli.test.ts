/**
 * `mailjudge coalition verdict` and `mailjudge coalition ruling` through the built CLI against this
 * file's database: the Battle Judge's weather taken and mailed, a bad line answered with exit 2 and
 * the accepted form, a ruling applied, audited and announced.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCoalitionGame } from '../../src/db/coalition.js';
import { adjudicateTurn } from '../../src/service/game-kinds.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { CLI, ROOT } from '../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
let dir: string;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  dir = mkdtempSync(join(tmpdir(), 'mailjudge-cv-cli-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

function cli(...args: string[]) {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: t.url, MAILJUDGE_FROM_ADDRESS: 'judge@judge.example.org' };
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
const withDescription = (map: { sites: Record<string, object> }) => ({ ...map, sites: { ...map.sites, '4C': { ...map.sites['4C'], description: 'a forge in a crater, walls of basalt' } } });
const file = (name: string, content: string) => { const p = join(dir, name); writeFileSync(p, content); return p; };

describe('mailjudge coalition verdict and ruling', () => {
  it('enter weather, refuse a bad verdict line, apply a ruling', { timeout: 120_000 }, async () => {
    const round = {
      id: 'cvc', address: 'cvc@judge.example.org', pmAddress: 'cvc-mj@judge.example.org', battleAddress: 'cvc-battle@judge.example.org',
      movementJudge: { name: 'Mo', email: 'mo@example.org' }, battleJudge: { name: 'Bea', email: 'bea@example.org' },
      map: withDescription(JSON.parse(readFileSync(join(ROOT, 'data/coalition/example-map.json'), 'utf8'))),
      armies: [
        { name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at: '4C' }, { name: 'Gix', team: 'phyrexia', rank: 'centurion', at: '4C' },
        { name: 'Ann', team: 'coalition', rank: 'general', at: '16C' }, { name: 'Kara', team: 'phyrexia', rank: 'praetor', at: '30C' },
      ],
      players: [
        { name: 'Ann', email: 'ann@example.org', team: 'coalition', rank: 'general', authority: true },
        { name: 'Sai Rei', email: 'sai@example.org', team: 'coalition', rank: 'lieutenant', authority: true },
        { name: 'Gix', email: 'gix@example.org', team: 'phyrexia', rank: 'chief-praetor', authority: true },
        { name: 'Kara', email: 'kara@example.org', team: 'phyrexia', rank: 'praetor', authority: true },
      ],
      lock: '2030-05-01T05:00:00Z', turnHours: 72,
    };
    expect(cli('coalition', 'create', '--file', file('round.json', JSON.stringify(round))).status).toBe(0);
    expect(await adjudicateTurn(t.db, { now: () => new Date('2030-05-01T05:01:00Z'), fromAddress: 'judge@judge.example.org' }, { gameId: 'cvc', phase: 'T1' })).toBe('adjudicated');

    // 4.1.2.4: a battle on a base is announced with the base's description (2.5.1.2).
    const announced = await t.db.selectFrom('outbox').select('body_text').where('game_id', '=', 'cvc').where('kind', '=', 'coalition-battles').where('to_address', '=', 'gix@example.org').executeTakeFirstOrThrow();
    expect(announced.body_text).toContain('4C (plains, the red base (Keld Forge)): Sai Rei vs Gix, no-attacker');
    expect(announced.body_text).toContain('the site as described (2.5.1.2, 4.1.2.4): a forge in a crater, walls of basalt');
    const ok = cli('coalition', 'verdict', '--game', 'cvc', '--file', file('w.txt', 'WEATHER 4C: snow, then thaw\n'));
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('weather of the battle at 4C set to "snow, then thaw" and sent to everyone (4.1.2.5)');
    const sent = await t.db.selectFrom('outbox').select('to_address').where('game_id', '=', 'cvc').where('kind', '=', 'coalition-weather').execute();
    expect(sent.map((r) => r.to_address).sort()).toEqual(['ann@example.org', 'bea@example.org', 'gix@example.org', 'kara@example.org', 'mo@example.org', 'sai@example.org']);

    const bad = cli('coalition', 'verdict', '--game', 'cvc', '--json', '--file', file('v.txt', 'VERDICT 4C\nstrategy Sai Rei eleven\n'));
    expect(bad.status).toBe(2);
    expect(JSON.parse(bad.stdout).problems).toEqual([
      'line 2 "strategy Sai Rei eleven": the accepted form is strategy <army> <0-10>, e.g. "strategy Sai Rei 6" (4.2.1)',
      'VERDICT 4C (line 1) is not recorded: correct the line(s) named above and send the whole verdict again',
    ]);

    const ruled = cli('coalition', 'ruling', '--game', 'cvc', 'Kara: at 31C BECAUSE the map file placed her wrongly');
    expect(ruled.status).toBe(0);
    expect(ruled.stdout).toContain('ruling on Kara: moved from 30C to 31C (because the map file placed her wrongly); announced to everyone');
    expect((await findCoalitionGame(t.db, 'cvc'))!.world.armies.find((a) => a.name === 'Kara')!.at).toBe('31C');
    const audit = await t.db.selectFrom('audit_log').select(['actor', 'detail']).where('game_id', '=', 'cvc').where('action', '=', 'coalition.ruling').executeTakeFirstOrThrow();
    expect(audit.actor).toMatch(/^cli:/);

    // A battle left with one side (Gix removed by a ruling) is closed at the next lock and said so.
    expect(cli('coalition', 'ruling', '--game', 'cvc', 'Gix: remove BECAUSE the player left the game').status).toBe(0);
    expect(await adjudicateTurn(t.db, { now: () => new Date('2030-05-04T05:01:00Z'), fromAddress: 'judge@judge.example.org' }, { gameId: 'cvc', phase: 'T2' })).toBe('adjudicated');
    const closed = await t.db.selectFrom('outbox').select('body_text').where('game_id', '=', 'cvc').where('kind', '=', 'coalition-battle-results').where('to_address', '=', 'sai@example.org').executeTakeFirstOrThrow();
    expect(closed.body_text).toContain('Battle at 4C: only Sai Rei of Sai Rei, Gix is left in it: no battle is fought.');
    expect(await t.db.selectFrom('coalition_battles').select('outcome').where('game_id', '=', 'cvc').executeTakeFirstOrThrow()).toMatchObject({ outcome: { void: true } });
  });
});
