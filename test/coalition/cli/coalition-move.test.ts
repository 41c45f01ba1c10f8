/**
 * `mailjudge coalition move` against DESIGN.md "The Coalition wargame CLI contract": input and output
 * field names, outcomes with reasons, battles with a null attacker, squares written `3D`, the same
 * input and seed giving the same turn, exit 2 with `{error, problems}` on bad input. Runs the built
 * CLI (`npx tsc -p tsconfig.json` first).
 */
import { describe, expect, it } from 'vitest';
import { runCli, runCliBad } from '../../helpers/cli.js';

const CONTRACT_INPUT = {
  map: { terrain: { '5E': 'mountain' }, sites: { '7C': { kind: 'base', team: 'coalition', colour: 'red' } } },
  armies: [
    { name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at: '3D' },
    { name: 'Darkhand5', team: 'coalition', rank: 'lieutenant', at: '5E' },
  ],
  orders: [{ army: 'Sai Rei', text: '3D > 5E; replace Darkhand5', at: '2026-11-20T04:59:00Z', post: 'm1', line: 1 }],
};

function move(input: unknown, seed = 'abc'): { armies: { name: string; at: string }[]; battles: { square: string; armies: string[]; attacker: string | null }[]; results: { army: string; order: string; outcome: string; reason: string | null }[] } {
  const r = runCli(['coalition', 'move', '--seed', seed], JSON.stringify(input));
  expect(r.status, r.stdout + r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe('mailjudge coalition move', () => {
  it('the contract\'s example, with Darkhand5 leaving: Sai Rei moves to 5E', () => {
    const out = move({ ...CONTRACT_INPUT, orders: [...CONTRACT_INPUT.orders, { army: 'Darkhand5', text: '5E > 8E', at: '2026-11-20T04:00:00Z', post: 'm0', line: 1 }] });
    expect(out).toEqual({
      armies: [{ name: 'Sai Rei', at: '5E' }, { name: 'Darkhand5', at: '8E' }],
      battles: [],
      results: [
        { army: 'Sai Rei', order: '3D > 5E; replace Darkhand5', outcome: 'moved', reason: null },
        { army: 'Darkhand5', order: '5E > 8E', outcome: 'moved', reason: null },
      ],
    });
  });

  it('the contract\'s example as given: Darkhand5 stays, so Sai Rei makes a partial move (3.3.1, 3.3.2) along a random route', () => {
    const out = move(CONTRACT_INPUT);
    expect(Object.keys(out)).toEqual(['armies', 'battles', 'results']);
    expect(out.results[0]).toMatchObject({ army: 'Sai Rei', outcome: 'partial' });
    expect(out.results[0]!.reason).toMatch(/3\.3\.1/);
    expect(['4E', '5D']).toContain(out.armies[0]!.at);
  });

  it('the same input and seed give the same turn (the routes chosen by the seed: test/coalition/movement)', () => {
    const text = JSON.stringify(CONTRACT_INPUT);
    const a = runCli(['coalition', 'move', '--seed', 's1'], text).stdout;
    expect(runCli(['coalition', 'move', '--seed', 's1'], text).stdout).toBe(a);
  });

  it('4.1.2.3: battles name the attacker, or null for a no-attacker battle', () => {
    const out = move({
      armies: [
        { name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at: '3D' },
        { name: 'Gix', team: 'phyrexia', rank: 'centurion', at: '7D' },
        { name: 'Urza', team: 'coalition', rank: 'general', at: '10D' },
        { name: 'Yawg', team: 'phyrexia', rank: 'chief-praetor', at: '12D' },
      ],
      orders: [
        { army: 'Sai Rei', text: '3D > 5D', at: '2026-11-20T01:00:00Z', post: 'm1', line: 1 },
        { army: 'Gix', text: '7D > 5D', at: '2026-11-20T02:00:00Z', post: 'm2', line: 1 },
        { army: 'Urza', text: '10D > 12D; engage Yawg', at: '2026-11-20T02:00:00Z', post: 'm3', line: 1 },
      ],
    });
    expect(out.battles).toEqual([
      { square: '5D', armies: ['Sai Rei', 'Gix'], attacker: null },
      { square: '12D', armies: ['Urza', 'Yawg'], attacker: 'Urza' },
    ]);
  });

  it('rejected orders say why; an army with no order is still listed', () => {
    const out = move({
      armies: [{ name: 'Sai Rei', team: 'coalition', rank: 'captain', at: '3D' }, { name: 'Gix', team: 'phyrexia', rank: 'centurion', at: '5D' }, { name: 'Idle', team: 'mercenary', rank: '1/1', at: '30N' }],
      orders: [
        { army: 'Sai Rei', text: '3D > 5D', at: '2026-11-20T01:00:00Z', post: 'm1', line: 1 },
        { army: 'Gix', text: '5D > 8E', at: '2026-11-20T01:00:00Z', post: 'm2', line: 1 },
      ],
    });
    expect(out.results.map((r) => [r.army, r.outcome])).toEqual([['Sai Rei', 'rejected'], ['Gix', 'rejected']]);
    expect(out.results[0]!.reason).toMatch(/engage Gix.*3\.2\.2\.2/);
    expect(out.results[1]!.reason).toMatch(/at most 3 a turn/);
    expect(out.armies).toEqual([{ name: 'Sai Rei', at: '3D' }, { name: 'Gix', at: '5D' }, { name: 'Idle', at: '30N' }]);
  });

  it('--full adds transfers, long moves and every roll with its purpose', () => {
    const r = runCli(['coalition', 'move', '--seed', 'x', '--full'], JSON.stringify(CONTRACT_INPUT));
    const out = JSON.parse(r.stdout);
    expect(out.rolls[0].purpose).toBe('route of Sai Rei 3D > 5E (3.2.2.4)');
    expect(out.commitment).toMatch(/^[0-9a-f]{64}$/);
  });

  // prettier-ignore
  it.each([
    ['invalid JSON',       '{',                                                                                   /invalid JSON/],
    ['no armies',          JSON.stringify({ orders: [] }),                                                          /armies/],
    ['a bad square',       JSON.stringify({ armies: [{ name: 'A', team: 'coalition', rank: 'lieutenant', at: 'D3' }] }), /armies\[0\]\.at: "D3" is not a square/],
    ['a bad team',         JSON.stringify({ armies: [{ name: 'A', team: 'elves', rank: 'lieutenant', at: '3D' }] }),       /armies\[0\]\.team: "elves" is not a team/],
    ['a rank of the other team', JSON.stringify({ armies: [{ name: 'A', team: 'coalition', rank: 'praetor', at: '3D' }] }), /armies\[0\]\.rank: "praetor" is not a coalition army rank/],
    ['two armies of one name', JSON.stringify({ armies: [{ name: 'A', team: 'coalition', rank: 'lieutenant', at: '3D' }, { name: 'a', team: 'phyrexia', rank: 'cpl', at: '4D' }] }), /two armies are named/],
    ['a bad time',         JSON.stringify({ armies: [], orders: [{ army: 'A', text: 'hold', at: 'yesterday', post: 'm', line: 1 }] }), /orders\[0\]\.at: "yesterday" is not a time/],
    ['a bad map',          JSON.stringify({ map: { terrain: { '5E': 'lava' } }, armies: [] }),                    /map\.terrain\.5E/],
  ])('bad input (%s) → exit 2 with {error, problems}', (_what, input, message) => {
    const out = runCliBad(['coalition', 'move'], input);
    expect(out.problems!.some((p) => message.test(p)), JSON.stringify(out)).toBe(true);
    expect(out.error).toBe(out.problems![0]);
  });
});
