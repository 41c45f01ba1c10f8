/**
 * `mailjudge replay` through the built CLI (dist/src/cli/main.js), against DESIGN.md "The
 * adjudication CLI contract": `{"phases": [{"phase", "orders"}], "start"?}` on stdin, one JSON line
 * per phase on stdout. Run `npx tsc -p .` first (`npm test` does).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, STANDARD_CENTERS, STANDARD_UNITS, runCli, runCliBad, sorted, type CliError as ErrorOutput, type CliOutput } from '../helpers/cli.js';

const GAME = join(ROOT, 'test/fixtures/cicero/game_433761_ENGLAND_AG.json');

/** One line of replay output: an adjudicated phase, or a skipped one (no results). */
type Line = Omit<CliOutput, 'results'> & { results?: CliOutput['results']; skipped?: boolean };
type Orders = Record<string, string[]>;
interface ReplayInput {
  start?: object;
  phases: { phase: string; orders?: Orders }[];
}

/** Replay; expects exit 0 and one JSON object per line. */
function replay(input: ReplayInput, args: string[] = []): Line[] {
  const r = runCli(['replay', ...args], JSON.stringify(input));
  expect(r.status, `stdout: ${r.stdout}\nstderr: ${r.stderr}`).toBe(0);
  expect(r.stdout.endsWith('\n')).toBe(true);
  return r.stdout
    .slice(0, -1)
    .split('\n')
    .map((l) => JSON.parse(l) as Line);
}

/** Replay bad input; expects exit 2 and a JSON object with an `error` string. */
function replayBad(input: ReplayInput | string, args: string[] = []): ErrorOutput {
  return runCliBad(['replay', ...args], typeof input === 'string' ? input : JSON.stringify(input));
}

describe('mailjudge replay: a real game (webDiplomacy, test/fixtures/cicero) under datc2000', () => {
  interface RecordedPhase {
    name: string;
    orders: Orders;
    state: { units: Record<string, string[]>; centers: Record<string, string[]>; retreats: Record<string, Record<string, string[]>> };
  }
  const game = JSON.parse(readFileSync(GAME, 'utf8')) as { phases: RecordedPhase[] };
  const first = game.phases.slice(0, 6);

  it('the fixture starts as expected', () => {
    expect(first.map((p) => p.name)).toEqual(['S1901M', 'F1901M', 'W1901A', 'S1902M', 'F1902M', 'F1902R']);
  });

  it('prints one line per phase, each equal to the recorded state of the following phase', () => {
    const lines = replay({ phases: first.map((p) => ({ phase: p.name, orders: p.orders })) }, ['--rules', 'datc2000']);
    expect(lines).toHaveLength(6);
    lines.forEach((line, k) => {
      const recorded = game.phases[k + 1]!;
      const what = `after ${first[k]!.name}`;
      expect(line.phase, what).toBe(first[k]!.name);
      expect(line.skipped, what).toBeUndefined();
      expect(line.next, what).toBe(recorded.name);
      // Recorded units marked `*` are the dislodged ones; they are not on the board.
      const onBoard: Record<string, string[]> = {};
      for (const [power, list] of Object.entries(recorded.state.units)) onBoard[power] = list.filter((u) => !u.startsWith('*'));
      expect(sorted(line.units), what).toEqual(sorted(onBoard));
      expect(sorted(line.centers), what).toEqual(sorted(recorded.state.centers));
      // Dislodged units with somewhere to go, with their retreat options.
      const dislodged: Record<string, string[]> = {};
      for (const [power, byUnit] of Object.entries(recorded.state.retreats)) {
        for (const [unit, options] of Object.entries(byUnit)) {
          if (options.length > 0) (dislodged[power] ??= []).push(`${unit} -> ${[...options].sort().join(' ')}`);
        }
      }
      const got: Record<string, string[]> = {};
      for (const [power, list] of Object.entries(line.dislodged)) got[power] = list.map((d) => `${d.unit} -> ${[...d.retreats].sort().join(' ')}`);
      expect(sorted(got), what).toEqual(sorted(dislodged));
    });
    // The fixture's F1902M dislodges F SWE: make sure that comparison was not vacuous.
    expect(Object.keys(lines[4]!.dislodged)).toEqual(['RUSSIA']);
  });
});

describe('mailjudge replay: phases left out, listed, and skipped', () => {
  it('plays every listed phase in turn when nothing is left out', () => {
    const lines = replay({
      phases: [
        { phase: 'S1901M', orders: { FRANCE: ['A MAR - SPA'], GERMANY: ['A MUN - RUH'] } },
        { phase: 'F1901M', orders: { GERMANY: ['A RUH - HOL'] } },
        { phase: 'W1901A', orders: { FRANCE: ['A MAR B'], GERMANY: ['A MUN B'] } },
        { phase: 'S1902M', orders: { FRANCE: ['A SPA - POR'] } },
      ],
    });
    expect(lines.map((l) => l.phase)).toEqual(['S1901M', 'F1901M', 'W1901A', 'S1902M']);
    expect(lines.map((l) => l.next)).toEqual(['F1901M', 'W1901A', 'S1902M', 'F1902M']);
    expect(lines.some((l) => l.skipped)).toBe(false);
    // Centres change only at the end of the Fall.
    expect(sorted(lines[0]!.centers)).toEqual(STANDARD_CENTERS);
    expect(sorted(lines[1]!.centers)).toEqual({
      ...STANDARD_CENTERS,
      FRANCE: ['BRE', 'MAR', 'PAR', 'SPA'],
      GERMANY: ['BER', 'HOL', 'KIE', 'MUN'],
    });
    expect(lines[2]!.results).toEqual([
      { power: 'FRANCE', order: 'A MAR B', outcome: 'built' },
      { power: 'GERMANY', order: 'A MUN B', outcome: 'built' },
    ]);
    expect(sorted(lines[3]!.units)).toEqual({
      ...STANDARD_UNITS,
      FRANCE: ['A MAR', 'A PAR', 'A POR', 'F BRE'],
      GERMANY: ['A BER', 'A HOL', 'A MUN', 'F KIE'],
    });
    expect(lines[3]!.centers).toEqual(lines[2]!.centers);
  });

  it('plays a phase the input leaves out (F1901M) with no orders', () => {
    const lines = replay({
      phases: [
        { phase: 'S1901M', orders: { FRANCE: ['A MAR - SPA'] } },
        { phase: 'W1901A', orders: { FRANCE: ['A MAR B'] } },
      ],
    });
    expect(lines.map((l) => l.phase)).toEqual(['S1901M', 'F1901M', 'W1901A']);
    const fall = lines[1]!;
    expect(fall.skipped).toBeUndefined();
    expect(fall.next).toBe('W1901A');
    // No orders: every unit held, and France took Spain by standing in it.
    expect(fall.results!.length).toBe(22);
    expect(fall.results!.every((r) => r.outcome === 'held')).toBe(true);
    expect(sorted(fall.centers).FRANCE).toEqual(['BRE', 'MAR', 'PAR', 'SPA']);
    expect(lines[2]!.results).toEqual([{ power: 'FRANCE', order: 'A MAR B', outcome: 'built' }]);
    expect(sorted(lines[2]!.units).FRANCE).toEqual(['A MAR', 'A PAR', 'A SPA', 'F BRE']);
  });

  it('plays several left-out phases with no orders, up to the listed one', () => {
    const lines = replay({ phases: [{ phase: 'S1902M', orders: { FRANCE: ['A PAR - BUR'] } }] });
    // Nothing changes hands in 1901, so W1901A does not occur.
    expect(lines.map((l) => l.phase)).toEqual(['S1901M', 'F1901M', 'S1902M']);
    expect(sorted(lines[2]!.units).FRANCE).toEqual(['A BUR', 'A MAR', 'F BRE']);
  });

  it('a listed phase the game skips, with no orders, gives a line with skipped: true', () => {
    const lines = replay({
      phases: [
        { phase: 'S1901M', orders: {} },
        { phase: 'F1901M', orders: { FRANCE: ['A PAR - BUR'] } },
        { phase: 'F1901R', orders: {} },
        { phase: 'W1901A' },
        { phase: 'S1902M', orders: { FRANCE: ['A BUR - MUN'] } },
      ],
    });
    expect(lines.map((l) => l.phase)).toEqual(['S1901M', 'F1901M', 'F1901R', 'W1901A', 'S1902M']);
    expect(lines.map((l) => l.skipped ?? false)).toEqual([false, false, true, true, false]);
    expect(lines[2]!.next).toBe('S1902M');
    expect(lines[2]!.results).toBeUndefined();
    // A skipped line carries the position unchanged.
    expect(lines[2]!.units).toEqual(lines[1]!.units);
    expect(lines[2]!.centers).toEqual(lines[1]!.centers);
    expect(lines[4]!.results!.find((r) => r.order === 'A BUR - MUN')!.outcome).toBe('bounced');
  });

  it('a listed phase the game skips, with orders, is an error', () => {
    const out = replayBad({
      phases: [
        { phase: 'S1901M' },
        { phase: 'F1901M' },
        { phase: 'F1901R', orders: { FRANCE: ['A PAR - BUR'] } },
      ],
    });
    expect(out.error).toMatch(/phases\[2\].*F1901R.*does not occur/);
  });

  it('a skipped phase after a left-out phase is still skipped, and its orders are never applied later', () => {
    const lines = replay({ phases: [
      { phase: 'S1901M', orders: { FRANCE: ['A MAR - SPA'] } },
      { phase: 'F1901R' },
      { phase: 'W1901A', orders: { FRANCE: ['A MAR B'] } },
    ] });
    expect(lines.map((l) => [l.phase, l.skipped ?? false])).toEqual([
      ['S1901M', false], ['F1901M', false], ['F1901R', true], ['W1901A', false],
    ]);
    const bad = replayBad({ phases: [
      { phase: 'S1901M', orders: { FRANCE: ['A MAR - SPA'] } },
      { phase: 'F1901R', orders: { FRANCE: ['A MAR B'] } },
    ] });
    expect(bad.error).toMatch(/F1901R does not occur/);
  });

  it('a phase listed twice or before the start is out of order', () => {
    expect(replayBad({ phases: [{ phase: 'S1901M' }, { phase: 'S1901M' }] }).error).toMatch(/S1901M is out of order/);
    expect(replayBad({ start: { phase: 'F1901M', units: { FRANCE: ['A PAR'] } }, phases: [{ phase: 'S1901M' }] }).error).toMatch(/out of order/);
  });

  it('a skipped retreat phase may carry the disband of a unit that had nowhere to retreat', () => {
    // A SYR is dislodged from SMY with ARM occupied: no retreat, disbanded at once.
    const start = { phase: 'F1901M', units: { TURKEY: ['A SMY', 'A ARM'], RUSSIA: ['A SYR'] } };
    const orders = { TURKEY: ['A SMY - SYR', 'A ARM S A SMY - SYR'] };
    const lines = replay({ start, phases: [{ phase: 'F1901M', orders }, { phase: 'F1901R', orders: { RUSSIA: ['A SYR D'] } }] });
    expect(lines[0]!.results).toContainEqual({ power: 'RUSSIA', order: 'A SYR D', outcome: 'disbanded', reason: 'noRetreat' });
    expect(lines[0]!.next).toBe('W1901A');
    expect(lines[1]).toMatchObject({ phase: 'F1901R', skipped: true, next: 'W1901A' });
    const bad = replayBad({ start, phases: [{ phase: 'F1901M', orders }, { phase: 'F1901R', orders: { RUSSIA: ['A SYR - ARM'] } }] });
    expect(bad.error).toMatch(/F1901R/);
  });

  it('accepts webDiplomacy\'s COMPLETED marker after the end, and refuses phases after the end', () => {
    const ended = replay({ phases: [{ phase: 'F1901M' }, { phase: 'COMPLETED' }] }, ['--end-year', '1901']);
    expect(ended.map((l) => l.phase)).toEqual(['S1901M', 'F1901M']);
    expect(ended[1]).toMatchObject({ next: null, ended: true });
    const out = replayBad({ phases: [{ phase: 'F1901M' }, { phase: 'S1902M' }] }, ['--end-year', '1901']);
    expect(out.error).toMatch(/S1902M/);
  });
});

describe('mailjudge replay: start position and rules', () => {
  const start = { phase: 'S1901M', units: { FRANCE: ['F GAS'] }, centers: { FRANCE: ['BRE'] } };
  const phases = [{ phase: 'S1901M', orders: { FRANCE: ['F GAS - SPA/SC'] } }];

  it('accepts a start position (wm: a wrong coast still moves)', () => {
    const lines = replay({ start, phases });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.phase).toBe('S1901M');
    expect(lines[0]!.units).toEqual({ FRANCE: ['F SPA/NC'] });
    expect(lines[0]!.centers).toEqual({ FRANCE: ['BRE'] });
  });

  it('passes --rules datc2000 on (a wrong coast is illegal)', () => {
    const lines = replay({ start, phases }, ['--rules', 'datc2000']);
    expect(lines[0]!.results).toEqual([{ power: 'FRANCE', order: 'F GAS - SPA/SC', outcome: 'illegal', reason: 'badCoast' }]);
    expect(lines[0]!.units).toEqual({ FRANCE: ['F GAS'] });
  });

  it('a start position in a later phase starts there', () => {
    const lines = replay({
      start: { phase: 'F1905M', units: { GERMANY: ['A MUN'] }, centers: { GERMANY: ['MUN'] } },
      phases: [{ phase: 'F1905M', orders: { GERMANY: ['A MUN - BER'] } }],
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.phase).toBe('F1905M');
    expect(lines[0]!.centers).toEqual({ GERMANY: ['BER', 'MUN'] });
    expect(lines[0]!.next).toBe('W1905A');
  });
});

describe('mailjudge replay: bad input (exit 2, JSON error)', () => {
  it.each([
    { name: 'invalid JSON', input: '{"phases": [', error: /invalid JSON/ },
    { name: 'no phases', input: '{}', error: /phases/ },
    { name: 'a malformed phase', input: JSON.stringify({ phases: [{ phase: 'S1901M' }, { phase: 'F1901Q' }] }), error: /phases\[1\].*"F1901Q"/ },
    { name: 'a winter movement phase', input: JSON.stringify({ phases: [{ phase: 'W1901M' }] }), error: /phases\[0\].*"W1901M"/ },
    {
      name: 'an unknown province in an order',
      input: JSON.stringify({ phases: [{ phase: 'S1901M', orders: { FRANCE: ['A PAR - XYZ'] } }] }),
      error: /orders\.FRANCE\[0\].*xyz/i,
    },
    {
      name: 'an order for a unit that is not there',
      input: JSON.stringify({ phases: [{ phase: 'S1901M', orders: { FRANCE: ['A BUR - MUN'] } }] }),
      error: /no unit in BUR/,
    },
    {
      name: 'a bad start position',
      input: JSON.stringify({ start: { phase: 'S1901M', units: { RUSSIA: ['F STP'] } }, phases: [] }),
      error: /St\. Petersburg needs its coast/,
    },
  ])('$name', ({ input, error }) => {
    const out = replayBad(input);
    expect(out.error).toMatch(error);
  });

  it('an unknown --rules value', () => {
    const out = replayBad({ phases: [{ phase: 'S1901M' }] }, ['--rules', 'dpjudge']);
    expect(out.error).toMatch(/--rules.*"dpjudge"/);
  });
});
