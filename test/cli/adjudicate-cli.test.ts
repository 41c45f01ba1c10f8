/**
 * `mailjudge adjudicate` through the built CLI (dist/src/cli/main.js), against the JSON contract of
 * DESIGN.md "The adjudication CLI contract": JSON on stdin, JSON on stdout, exit 0 on success, exit
 * 2 with a JSON `error` naming the problem on bad input. Run `npx tsc -p .` first (`npm test` does).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  STANDARD_CENTERS,
  STANDARD_UNITS,
  runCli,
  runCliBad,
  sorted,
  type CliError as ErrorOutput,
  type CliOutput as Output,
  type CliResult as Result,
} from '../helpers/cli.js';

/** Adjudicate; expects exit 0 and one JSON object on stdout. */
function adjudicate(input: object, args: string[] = []): Output {
  const r = runCli(['adjudicate', ...args], JSON.stringify(input));
  expect(r.status, `stdout: ${r.stdout}\nstderr: ${r.stderr}`).toBe(0);
  const lines = r.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as Output;
}

/** Adjudicate bad input; expects exit 2 and a JSON object with an `error` string. */
function adjudicateBad(input: string, args: string[] = []): ErrorOutput {
  return runCliBad(['adjudicate', ...args], input);
}

function resultFor(out: Output, power: string, order: string): Result {
  const r = out.results.find((x) => x.power === power && x.order === order);
  if (!r) throw new Error(`no result for ${power} "${order}" in ${JSON.stringify(out.results)}`);
  return r;
}

describe('mailjudge adjudicate: a Fall movement with a dislodgement (the DESIGN.md example, made legal)', () => {
  // BUR - MUN supported from RUH (adjacent to MUN) dislodges A MUN. VEN and VIE bounce in TYR.
  // Munich's neighbours: BER (occupied), BOH, BUR (the attacker's origin), KIE, RUH (occupied),
  // SIL, TYR (standoff) -> the retreats are BOH, KIE, SIL.
  const input = {
    phase: 'F1901M',
    units: {
      FRANCE: ['A BUR', 'F MAO', 'A MAR', 'A RUH'],
      GERMANY: ['A MUN', 'A BER'],
      ITALY: ['A VEN'],
      AUSTRIA: ['A VIE'],
    },
    centers: { FRANCE: ['BRE', 'MAR', 'PAR'], GERMANY: ['BER', 'KIE', 'MUN'], ITALY: ['VEN'], AUSTRIA: ['VIE'] },
    orders: {
      FRANCE: ['A BUR - MUN', 'A RUH S A BUR - MUN', 'F MAO - POR', 'A MAR - SPA'],
      ITALY: ['A VEN - TYR'],
      AUSTRIA: ['A VIE - TYR'],
    },
  };
  let out: Output;
  beforeAll(() => {
    out = adjudicate(input);
  });

  it('goes on to the Fall retreats', () => {
    expect(out.phase).toBe('F1901M');
    expect(out.next).toBe('F1901R');
    expect(out.winner).toBeUndefined();
    expect(out.ended).toBeUndefined();
  });

  it('reports every order and the unordered units', () => {
    expect(resultFor(out, 'FRANCE', 'A BUR - MUN').outcome).toBe('moved');
    expect(resultFor(out, 'FRANCE', 'A RUH S A BUR - MUN').outcome).toBe('supported');
    expect(resultFor(out, 'FRANCE', 'F MAO - POR').outcome).toBe('moved');
    expect(resultFor(out, 'FRANCE', 'A MAR - SPA').outcome).toBe('moved');
    const mun = resultFor(out, 'GERMANY', 'A MUN H');
    expect(mun.outcome).toBe('dislodged');
    expect(mun.by).toBe('BUR');
    expect(resultFor(out, 'GERMANY', 'A BER H').outcome).toBe('held');
    expect(resultFor(out, 'ITALY', 'A VEN - TYR')).toMatchObject({ outcome: 'bounced', with: ['VIE'] });
    expect(resultFor(out, 'AUSTRIA', 'A VIE - TYR')).toMatchObject({ outcome: 'bounced', with: ['VEN'] });
    expect(out.results).toHaveLength(8);
  });

  it('lists the dislodged unit with its attacker and exact retreats', () => {
    expect(out.dislodged).toEqual({ GERMANY: [{ unit: 'A MUN', attackerFrom: 'BUR', retreats: ['BOH', 'KIE', 'SIL'] }] });
  });

  it('gives the units on the board, the standoff, and unchanged centres', () => {
    expect(sorted(out.units)).toEqual({
      AUSTRIA: ['A VIE'],
      FRANCE: ['A MUN', 'A RUH', 'A SPA', 'F POR'],
      GERMANY: ['A BER'],
      ITALY: ['A VEN'],
    });
    expect(out.standoffs).toEqual(['TYR']);
    // Ownership changes only when the Fall season ends, after its retreats: MUN, POR, SPA unchanged.
    expect(sorted(out.centers)).toEqual(sorted(input.centers));
  });
});

describe('mailjudge adjudicate: supply centres', () => {
  it('omitted centres mean the standard 1901 ownership; a Fall movement gaining a centre goes to W1901A', () => {
    const out = adjudicate({ phase: 'F1901M', units: STANDARD_UNITS, orders: { FRANCE: ['A MAR - SPA'] } });
    expect(resultFor(out, 'FRANCE', 'A MAR - SPA').outcome).toBe('moved');
    expect(out.dislodged).toEqual({});
    expect(out.next).toBe('W1901A');
    expect(sorted(out.centers)).toEqual({ ...STANDARD_CENTERS, FRANCE: ['BRE', 'MAR', 'PAR', 'SPA'] });
    expect(sorted(out.units)).toEqual(sorted({ ...STANDARD_UNITS, FRANCE: ['F BRE', 'A PAR', 'A SPA'] }));
  });

  it('a Fall movement with no change of ownership and nothing to adjust goes straight to the next Spring', () => {
    const out = adjudicate({ phase: 'F1901M', units: STANDARD_UNITS, orders: { FRANCE: ['A MAR - GAS'] } });
    expect(out.next).toBe('S1902M');
    expect(sorted(out.centers)).toEqual(STANDARD_CENTERS);
  });

  it('a Spring movement never changes centres', () => {
    const out = adjudicate({
      phase: 'S1901M',
      units: STANDARD_UNITS,
      orders: { FRANCE: ['A MAR - SPA'], GERMANY: ['F KIE - DEN', 'A MUN - BUR'] },
    });
    expect(resultFor(out, 'GERMANY', 'F KIE - DEN').outcome).toBe('moved');
    expect(resultFor(out, 'FRANCE', 'A MAR - SPA').outcome).toBe('moved');
    expect(out.next).toBe('F1901M');
    expect(sorted(out.centers)).toEqual(STANDARD_CENTERS);
    expect(sorted(out.units).GERMANY).toEqual(['A BER', 'A BUR', 'F DEN']);
  });
});

describe('mailjudge adjudicate --rules', () => {
  const coastInput = { phase: 'S1901M', units: { FRANCE: ['F GAS'] }, orders: { FRANCE: ['F GAS - SPA/SC'] } };

  it('wm (the default): a wrong coast does not invalidate the move, the fleet goes to SPA/NC', () => {
    for (const args of [[], ['--rules', 'wm']]) {
      const out = adjudicate(coastInput, args);
      expect(resultFor(out, 'FRANCE', 'F GAS - SPA/NC').outcome).toBe('moved');
      expect(out.units).toEqual({ FRANCE: ['F SPA/NC'] });
    }
  });

  it('datc2000: a wrong coast makes the move illegal, the fleet stays', () => {
    const out = adjudicate(coastInput, ['--rules', 'datc2000']);
    expect(resultFor(out, 'FRANCE', 'F GAS - SPA/SC')).toMatchObject({ outcome: 'illegal', reason: 'badCoast' });
    expect(out.units).toEqual({ FRANCE: ['F GAS'] });
  });

  // Germany owns 5 centres and has 4 units (none at home): exactly one build. Three are ordered.
  const buildInput = {
    phase: 'W1901A',
    units: { GERMANY: ['F DEN', 'A HOL', 'A RUH', 'A BUR'] },
    centers: { GERMANY: ['BER', 'KIE', 'MUN', 'DEN', 'HOL'] },
    orders: { GERMANY: ['A BER B', 'F KIE B', 'A MUN B'] },
  };

  it('wm: excess builds are taken from the bottom of the order set (the last one counts)', () => {
    const out = adjudicate(buildInput, ['--rules', 'wm']);
    expect(resultFor(out, 'GERMANY', 'A MUN B').outcome).toBe('built');
    expect(resultFor(out, 'GERMANY', 'A BER B')).toMatchObject({ outcome: 'illegal', reason: 'tooMany' });
    expect(resultFor(out, 'GERMANY', 'F KIE B')).toMatchObject({ outcome: 'illegal', reason: 'tooMany' });
    expect(sorted(out.units)).toEqual({ GERMANY: ['A BUR', 'A HOL', 'A MUN', 'A RUH', 'F DEN'] });
    expect(out.next).toBe('S1902M');
  });

  it('datc2000: excess builds are taken from the top (the first one counts)', () => {
    const out = adjudicate(buildInput, ['--rules', 'datc2000']);
    expect(resultFor(out, 'GERMANY', 'A BER B').outcome).toBe('built');
    expect(resultFor(out, 'GERMANY', 'F KIE B')).toMatchObject({ outcome: 'illegal', reason: 'tooMany' });
    expect(resultFor(out, 'GERMANY', 'A MUN B')).toMatchObject({ outcome: 'illegal', reason: 'tooMany' });
    expect(sorted(out.units)).toEqual({ GERMANY: ['A BER', 'A BUR', 'A HOL', 'A RUH', 'F DEN'] });
    expect(out.next).toBe('S1902M');
  });
});

describe('mailjudge adjudicate: DATC 6.G.11, a convoy to an adjacent province with a paradox', () => {
  // Issues 4.A.2 / 4.A.3: the own fleet makes A SWE - NWY a convoy; the paradox fails it (Szykman,
  // D.VI(6)) with no fallback to the land route, under both profiles, written plainly or VIA.
  for (const [args, via] of [[[], ''], [['--rules', 'datc2000'], ''], [['--rules', 'datc2000'], ' VIA'], [['--rules', 'wm'], ' VIA']] as const) {
    it(`${args.join(' ') || '(default wm)'}: A SWE - NWY${via} fails, F SKA is dislodged`, () => {
      const out = adjudicate(
        {
          phase: 'S1901M',
          units: { ENGLAND: ['F NWY', 'F NTH'], RUSSIA: ['A SWE', 'F SKA', 'F BAR'] },
          orders: {
            ENGLAND: ['F NWY S F NTH - SKA', 'F NTH - SKA'],
            RUSSIA: [`A SWE - NWY${via}`, 'F SKA C A SWE - NWY', 'F BAR S A SWE - NWY'],
          },
        },
        [...args],
      );
      expect(resultFor(out, 'ENGLAND', 'F NTH - SKA').outcome).toBe('moved');
      expect(resultFor(out, 'ENGLAND', 'F NWY S F NTH - SKA').outcome).toBe('supported');
      expect(resultFor(out, 'RUSSIA', 'F SKA C A SWE - NWY')).toMatchObject({ outcome: 'disrupted', reason: 'paradox' });
      expect(out.next).toBe('S1901R');
      expect(sorted(out.units)).toEqual({ ENGLAND: ['F NWY', 'F SKA'], RUSSIA: ['A SWE', 'F BAR'] });
      expect(out.dislodged).toMatchObject({ RUSSIA: [{ unit: 'F SKA', attackerFrom: 'NTH' }] });
    });
  }
});

describe('mailjudge adjudicate: a retreat phase', () => {
  // After the example above: France took MUN from BUR, TYR was a standoff. Retreats are not given,
  // so the CLI computes them: BOH, KIE, SIL (not BER or RUH: occupied; not BUR: the attacker's
  // origin; not TYR: the standoff).
  const base = {
    phase: 'F1901R',
    units: { FRANCE: ['A MUN', 'A RUH'], GERMANY: ['A BER'] },
    dislodged: { GERMANY: [{ unit: 'A MUN', attackerFrom: 'BUR' }] },
    standoffs: ['TYR'],
  };

  it.each(['BOH', 'KIE', 'SIL'])('a retreat to %s succeeds; ownership then changes at the end of the Fall', (to) => {
    const out = adjudicate({ ...base, orders: { GERMANY: [`A MUN - ${to}`] } });
    expect(resultFor(out, 'GERMANY', `A MUN R ${to}`).outcome).toBe('retreated');
    expect(sorted(out.units)).toEqual({ FRANCE: ['A MUN', 'A RUH'], GERMANY: ['A BER', `A ${to}`].sort() });
    expect(out.dislodged).toEqual({});
    // Omitted centres: standard ownership, then MUN goes to its French occupant after the retreats.
    expect(sorted(out.centers)).toEqual({ ...STANDARD_CENTERS, FRANCE: ['BRE', 'MAR', 'MUN', 'PAR'], GERMANY: ['BER', 'KIE'] });
    expect(out.next).toBe('W1901A');
  });

  it.each(['BUR', 'TYR', 'BER', 'RUH'])('a retreat to %s is not allowed and the unit is disbanded', (to) => {
    const out = adjudicate({ ...base, orders: { GERMANY: [`A MUN - ${to}`] } });
    expect(resultFor(out, 'GERMANY', `A MUN R ${to}`)).toMatchObject({ outcome: 'illegal', reason: 'retreatNotAllowed' });
    expect(resultFor(out, 'GERMANY', 'A MUN D').outcome).toBe('disbanded');
    expect(sorted(out.units)).toEqual({ FRANCE: ['A MUN', 'A RUH'], GERMANY: ['A BER'] });
  });

  it('retreat options given in the input are used instead of computed ones', () => {
    const out = adjudicate({
      ...base,
      dislodged: { GERMANY: [{ unit: 'A MUN', attackerFrom: 'BUR', retreats: ['SIL'] }] },
      orders: { GERMANY: ['A MUN - KIE'] },
    });
    expect(resultFor(out, 'GERMANY', 'A MUN R KIE')).toMatchObject({ outcome: 'illegal', reason: 'retreatNotAllowed' });
    expect(sorted(out.units).GERMANY).toEqual(['A BER']);
  });

  it('a fleet retreat to a named coast uses the computed coastal options', () => {
    const input = {
      phase: 'S1902R',
      units: { ENGLAND: ['F MAO'] },
      dislodged: { FRANCE: [{ unit: 'F MAO', attackerFrom: 'ENG' }] },
    };
    const good = adjudicate({ ...input, orders: { FRANCE: ['F MAO - SPA/SC'] } });
    expect(resultFor(good, 'FRANCE', 'F MAO R SPA/SC').outcome).toBe('retreated');
    expect(good.units).toEqual({ ENGLAND: ['F MAO'], FRANCE: ['F SPA/SC'] });
    const back = adjudicate({ ...input, orders: { FRANCE: ['F MAO - ENG'] } });
    expect(resultFor(back, 'FRANCE', 'F MAO R ENG')).toMatchObject({ outcome: 'illegal', reason: 'retreatNotAllowed' });
    expect(back.units).toEqual({ ENGLAND: ['F MAO'] });
  });

  it('two units retreating to the same province both disband; an unordered dislodged unit disbands', () => {
    const out = adjudicate({
      phase: 'S1902R',
      units: { FRANCE: ['A MUN'], RUSSIA: ['A VIE'], ENGLAND: ['F MAO'] },
      dislodged: {
        GERMANY: [{ unit: 'A MUN', attackerFrom: 'BUR' }],
        AUSTRIA: [{ unit: 'A VIE', attackerFrom: 'GAL' }],
        FRANCE: [{ unit: 'F MAO', attackerFrom: 'ENG' }],
      },
      orders: { GERMANY: ['A MUN - BOH'], AUSTRIA: ['A VIE - BOH'] },
    });
    expect(resultFor(out, 'GERMANY', 'A MUN R BOH')).toMatchObject({ outcome: 'bounced', reason: 'retreatCollision', with: ['VIE'] });
    expect(resultFor(out, 'AUSTRIA', 'A VIE R BOH')).toMatchObject({ outcome: 'bounced', reason: 'retreatCollision', with: ['MUN'] });
    expect(resultFor(out, 'FRANCE', 'F MAO D')).toMatchObject({ outcome: 'disbanded', reason: 'unordered' });
    expect(sorted(out.units)).toEqual({ ENGLAND: ['F MAO'], FRANCE: ['A MUN'], RUSSIA: ['A VIE'] });
    expect(out.dislodged).toEqual({});
    // A Spring retreat: on to the Fall movement, ownership unchanged.
    expect(out.next).toBe('F1902M');
    expect(sorted(out.centers)).toEqual(STANDARD_CENTERS);
  });

  it('a retreat phase without any dislodged units is bad input', () => {
    const out = adjudicateBad(JSON.stringify({ phase: 'F1901R', units: { FRANCE: ['A MUN'] } }));
    expect(out.error).toMatch(/dislodged/);
  });
});

describe('mailjudge adjudicate: the end of the game', () => {
  // France owns 17 centres; Munich (German, empty) is the 18th.
  const seventeen = ['BRE', 'PAR', 'MAR', 'SPA', 'POR', 'BEL', 'HOL', 'LON', 'LVP', 'EDI', 'NWY', 'DEN', 'KIE', 'BER', 'TUN', 'ROM', 'NAP'];
  const centers = { FRANCE: seventeen, GERMANY: ['MUN'], ITALY: ['VEN'] };

  it('a Fall movement after which a power owns 18 centres ends the game with a winner', () => {
    const out = adjudicate({
      phase: 'F1905M',
      units: { FRANCE: ['A BUR', 'A PAR'], ITALY: ['A VEN'] },
      centers,
      orders: { FRANCE: ['A BUR - MUN'] },
    });
    expect(out.next).toBeNull();
    expect(out.winner).toBe('FRANCE');
    expect(sorted(out.centers).FRANCE).toEqual([...seventeen, 'MUN'].sort());
    expect(out.centers.GERMANY).toBeUndefined();
    expect(sorted(out.units)).toEqual({ FRANCE: ['A MUN', 'A PAR'], ITALY: ['A VEN'] });
  });

  it('17 centres is not a solo: the game goes on to the adjustments', () => {
    const out = adjudicate({
      phase: 'F1905M',
      units: { FRANCE: ['A BUR', 'A PAR'], ITALY: ['A VEN'] },
      centers,
      orders: { FRANCE: ['A BUR - RUH'] },
    });
    expect(out.next).toBe('W1905A');
    expect(out.winner).toBeUndefined();
  });

  it('a Fall retreat phase after which a power owns 18 centres ends the game with a winner', () => {
    const out = adjudicate({
      phase: 'F1905R',
      units: { FRANCE: ['A MUN', 'A PAR'], ITALY: ['A VEN'] },
      centers,
      dislodged: { GERMANY: [{ unit: 'A MUN', attackerFrom: 'BUR' }] },
      orders: { GERMANY: ['A MUN - BOH'] },
    });
    expect(resultFor(out, 'GERMANY', 'A MUN R BOH').outcome).toBe('retreated');
    expect(out.next).toBeNull();
    expect(out.winner).toBe('FRANCE');
    expect(sorted(out.centers).FRANCE).toHaveLength(18);
  });

  it('--end-year 1901: the game ends after F1901M', () => {
    const input = { phase: 'F1901M', units: STANDARD_UNITS };
    const out = adjudicate(input, ['--end-year', '1901']);
    expect(out.next).toBeNull();
    expect(out.ended).toBe(true);
    expect(out.winner).toBeUndefined();
    expect(sorted(out.centers)).toEqual(STANDARD_CENTERS);
    const later = adjudicate(input, ['--end-year', '1902']);
    expect(later.next).toBe('S1902M');
    expect(later.ended).toBeUndefined();
  });

  it('--end-year 1901 does not end the game after S1901M', () => {
    const out = adjudicate({ phase: 'S1901M', units: STANDARD_UNITS }, ['--end-year', '1901']);
    expect(out.next).toBe('F1901M');
    expect(out.ended).toBeUndefined();
  });
});

describe('mailjudge adjudicate: bad input (exit 2, JSON error)', () => {
  const cases: { name: string; input: object | string; args?: string[]; error: RegExp }[] = [
    { name: 'invalid JSON', input: '{"phase": "S1901M", "units": ', error: /invalid JSON/ },
    { name: 'not an object', input: '[1, 2]', error: /expected object/ },
    { name: 'missing units', input: { phase: 'S1901M' }, error: /units/ },
    { name: 'an unknown province in units', input: { phase: 'S1901M', units: { FRANCE: ['A XYZ'] } }, error: /unknown province "XYZ"/ },
    {
      name: 'an unknown province in an order',
      input: { phase: 'S1901M', units: { FRANCE: ['A PAR'] }, orders: { FRANCE: ['A PAR - XYZ'] } },
      error: /orders\.FRANCE\[0\].*xyz.*not a province/i,
    },
    {
      name: 'an order for a unit that is not there (movement phase)',
      input: { phase: 'S1901M', units: { FRANCE: ['A PAR'] }, orders: { FRANCE: ['A BUR - MUN'] } },
      error: /no unit in BUR/,
    },
    {
      name: 'an unparseable order',
      input: { phase: 'S1901M', units: { FRANCE: ['A PAR'] }, orders: { FRANCE: ['march on Berlin'] } },
      error: /orders\.FRANCE\[0\]/,
    },
    { name: 'phase X1901M', input: { phase: 'X1901M', units: { FRANCE: ['A PAR'] } }, error: /phase.*"X1901M"/ },
    { name: 'phase W1901M', input: { phase: 'W1901M', units: { FRANCE: ['A PAR'] } }, error: /phase.*"W1901M"/ },
    { name: 'phase S1901A', input: { phase: 'S1901A', units: { FRANCE: ['A PAR'] } }, error: /phase.*"S1901A"/ },
    { name: 'an unknown power in units', input: { phase: 'S1901M', units: { PRUSSIA: ['A BER'] } }, error: /unknown power "PRUSSIA"/ },
    {
      name: 'an unknown power in orders',
      input: { phase: 'S1901M', units: { GERMANY: ['A BER'] }, orders: { PRUSSIA: ['A BER H'] } },
      error: /unknown power "PRUSSIA"/,
    },
    {
      name: 'an unknown power in centres',
      input: { phase: 'S1901M', units: { GERMANY: ['A BER'] }, centers: { PRUSSIA: ['BER'] } },
      error: /unknown power "PRUSSIA"/,
    },
    {
      name: 'two units in one province',
      input: { phase: 'S1901M', units: { FRANCE: ['A MUN'], GERMANY: ['A MUN'] } },
      error: /two units in MUN/,
    },
    {
      name: 'two units in one province, on different coasts',
      input: { phase: 'S1901M', units: { FRANCE: ['F SPA/NC'], ITALY: ['F SPA/SC'] } },
      error: /two units in SPA/,
    },
    { name: 'a fleet in an inland province', input: { phase: 'S1901M', units: { GERMANY: ['F MUN'] } }, error: /fleet cannot stand in Munich/ },
    { name: 'an army at sea', input: { phase: 'S1901M', units: { ENGLAND: ['A NTH'] } }, error: /army cannot stand in North Sea/ },
    { name: 'a fleet on STP without a coast', input: { phase: 'S1901M', units: { RUSSIA: ['F STP'] } }, error: /St\. Petersburg needs its coast/ },
    {
      name: 'a centre that is not a supply centre',
      input: { phase: 'S1901M', units: { FRANCE: ['A PAR'] }, centers: { FRANCE: ['BUR'] } },
      error: /BUR is not a supply centre/,
    },
    {
      name: 'an unknown --rules value',
      input: { phase: 'S1901M', units: { FRANCE: ['A PAR'] } },
      args: ['--rules', 'dpjudge'],
      error: /--rules.*"dpjudge"/,
    },
    {
      name: 'a bad --end-year',
      input: { phase: 'S1901M', units: { FRANCE: ['A PAR'] } },
      args: ['--end-year', 'soon'],
      error: /--end-year.*"soon"/,
    },
  ];

  it.each(cases)('$name', ({ input, args, error }) => {
    const out = adjudicateBad(typeof input === 'string' ? input : JSON.stringify(input), args ?? []);
    expect(out.error).toMatch(error);
  });

  it('reports every problem it finds, the first one as `error`', () => {
    const out = adjudicateBad(JSON.stringify({ phase: 'S1901M', units: { FRANCE: ['A XYZ', 'F MUN'] } }));
    expect(out.problems).toHaveLength(2);
    expect(out.error).toBe(out.problems![0]);
    expect(out.problems![1]).toMatch(/fleet cannot stand in Munich/);
  });

  it('an order for another power\'s unit is not bad input: it is illegal (DATC 6.A.6)', () => {
    const out = adjudicate({
      phase: 'S1901M',
      units: { FRANCE: ['A PAR'], GERMANY: ['A MUN'] },
      orders: { FRANCE: ['A MUN - BUR'] },
    });
    expect(resultFor(out, 'FRANCE', 'A MUN - BUR')).toMatchObject({ outcome: 'illegal', reason: 'foreignUnit' });
    expect(resultFor(out, 'GERMANY', 'A MUN H').outcome).toBe('held');
    expect(out.units).toEqual({ FRANCE: ['A PAR'], GERMANY: ['A MUN'] });
  });
});
