/**
 * The World Masters house-rule regression suite: the cases of `wm-cases.ts` (DATC case format, run
 * under both rule profiles like `../datc/datc.test.ts`), direct tests of the D.V(4) distance, of
 * D.III(5) superseded orders, and of phase sequencing (DESIGN.md "The adjudication CLI contract").
 */
import { describe, expect, it } from 'vitest';
import {
  adjudicate,
  distanceFromHome,
  formatPhase,
  parsePhase,
  RULE_PROFILES,
  STANDARD_MAP,
  standardStartState,
  type GameMap,
  type GameState,
  type Power,
  type Unit,
} from '../../../src/diplomacy/index.js';
import { ordersFrom, position, unitsByPower, type PerPower } from '../../helpers/position.js';
import { cases } from './wm-cases.js';
import { runCase } from '../../helpers/run-case.js';

for (const profile of ['wm', 'datc2000'] as const) {
  describe(`WM house-rule cases under the ${profile} profile`, () => {
    for (const c of cases) {
      it(`${c.id} ${c.title}`, () => runCase(c, profile));
    }
  });
}

describe('the WM case list', () => {
  it('has unique ids and a note citing a rule for every case', () => {
    const ids = cases.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of cases) expect(c.note ?? '', c.id).toMatch(/D\.[IVX]+\(\d\)|DESIGN\.md/);
    for (const c of cases) expect(c.profiles?.wm, `${c.id}: expect is the wm answer`).toBeUndefined();
  });
});

// ---- helpers for the direct tests ------------------------------------------------------------------

function play(state: GameState, orders: PerPower<string[]>, options: Parameters<typeof adjudicate>[2] = {}) {
  return adjudicate(state, ordersFrom(orders).submitted, options);
}

function owned(state: GameState, power: Power): string[] {
  return [...state.centers].filter(([, p]) => p === power).map(([c]) => c).sort();
}

const unit = (power: Power, text: string): Unit => {
  const [kind, location] = text.split(' ') as ['A' | 'F', string];
  return { power, kind, location };
};

// ---- D.III(5) --------------------------------------------------------------------------------------

describe('D.III(5) multiple orders for one unit', () => {
  for (const profile of ['wm', 'datc2000'] as const) {
    it(`reports the earlier order as superseded and follows the later one (${profile})`, () => {
      const out = play(position('S1901M', { FRANCE: ['A PAR'] }), { FRANCE: ['A PAR - BUR', 'A PAR - PIC'] }, { rules: RULE_PROFILES[profile] });
      const first = out.results.filter((r) => r.index === 0);
      const second = out.results.filter((r) => r.index === 1);
      expect(first.map((r) => r.outcome)).toEqual(['superseded']);
      expect(second.map((r) => [r.order, r.outcome])).toEqual([['A PAR - PIC', 'moved']]);
      expect(unitsByPower(out.state.units)).toEqual({ FRANCE: ['A PIC'] });
    });
  }

  it('applies to retreat orders as well: the later retreat is used', () => {
    const moved = play(position('S1901M', { ENGLAND: ['A PIC', 'F ENG', 'F NTH'], FRANCE: ['A BEL'] }), {
      ENGLAND: ['A PIC - BEL', 'F ENG C A PIC - BEL', 'F NTH S A PIC - BEL'],
    });
    expect(formatPhase(moved.state.phase)).toBe('S1901R');
    const out = play(moved.state, { FRANCE: ['A BEL R PIC', 'A BEL R BUR'] });
    expect(out.results.find((r) => r.index === 0)?.outcome).toBe('superseded');
    expect(out.results.find((r) => r.index === 1)?.outcome).toBe('retreated');
    expect(unitsByPower(out.state.units).FRANCE).toEqual(['A BUR']);
  });
});

// ---- D.V(4) distance from home -----------------------------------------------------------------------

describe('D.V(4) distanceFromHome', () => {
  it('a Russian army in Constantinople stands two spaces from home (the seed example)', () => {
    expect(distanceFromHome(STANDARD_MAP, unit('RUSSIA', 'A CON'))).toBe(2);
  });

  it('a Russian fleet on the south coast of Bulgaria stands three spaces from home (the seed example)', () => {
    expect(distanceFromHome(STANDARD_MAP, unit('RUSSIA', 'F BUL/SC'))).toBe(3);
  });

  it('a Russian fleet on the east coast of Bulgaria stands two spaces from home (BUL/EC-BLA-SEV)', () => {
    expect(distanceFromHome(STANDARD_MAP, unit('RUSSIA', 'F BUL/EC'))).toBe(2);
  });

  it('a unit on a home centre stands at 0', () => {
    expect(distanceFromHome(STANDARD_MAP, unit('RUSSIA', 'A MOS'))).toBe(0);
    expect(distanceFromHome(STANDARD_MAP, unit('RUSSIA', 'F STP/NC'))).toBe(0);
    expect(distanceFromHome(STANDARD_MAP, unit('FRANCE', 'F BRE'))).toBe(0);
  });

  it('an army crosses water, a fleet makes legal fleet moves only', () => {
    // Army: BOH-GAL-WAR; CON-BLA-SEV. Fleet: SKA-NWY-STP/NC; BER-BAL-BOT-STP/SC (Warsaw, Moscow unreachable).
    expect(distanceFromHome(STANDARD_MAP, unit('RUSSIA', 'A BOH'))).toBe(2);
    expect(distanceFromHome(STANDARD_MAP, unit('RUSSIA', 'A ALB'))).toBe(3);
    expect(distanceFromHome(STANDARD_MAP, unit('RUSSIA', 'F SKA'))).toBe(2);
    expect(distanceFromHome(STANDARD_MAP, unit('RUSSIA', 'F BER'))).toBe(3);
    expect(distanceFromHome(STANDARD_MAP, unit('ENGLAND', 'A NWY'))).toBe(2);
  });

  it('an army does not cross Switzerland, even on a map whose data links it', () => {
    // On the standard map Switzerland has no edges, and it is never a shortcut there anyway (its five neighbours
    // form a ring). A fictional variant links it to Marseilles and Berlin: a French army in Berlin must still
    // count BER-MUN-BUR-PAR = 3, not BER-SWI-MAR = 2.
    expect(distanceFromHome(STANDARD_MAP, unit('FRANCE', 'A BER'))).toBe(3);
    const armyEdges = new Map([...STANDARD_MAP.armyEdges].map(([k, v]) => [k, new Set(v)]));
    const link = (a: string, b: string) => {
      if (!armyEdges.has(a)) armyEdges.set(a, new Set());
      armyEdges.get(a)!.add(b);
    };
    for (const p of ['MAR', 'BER']) { link('SWI', p); link(p, 'SWI'); }
    const variant: GameMap = { ...STANDARD_MAP, armyEdges };
    expect(distanceFromHome(variant, unit('FRANCE', 'A BER'))).toBe(3);
  });
});

// ---- phase sequencing --------------------------------------------------------------------------------

describe('phase sequencing', () => {
  it('a Spring move with no dislodgement goes straight to Fall; centres do not change in Spring', () => {
    const out = play(position('S1901M', { FRANCE: ['A PIC'] }), { FRANCE: ['A PIC - BEL'] });
    expect(out.next && formatPhase(out.next)).toBe('F1901M');
    expect(formatPhase(out.state.phase)).toBe('F1901M');
    expect(out.state.dislodged).toEqual([]);
    expect(owned(out.state, 'FRANCE')).toEqual(['BRE', 'MAR', 'PAR']);
  });

  it('a Spring dislodgement with a retreat goes to the Spring retreat phase', () => {
    const out = play(position('S1901M', { FRANCE: ['A PAR', 'A MAR'], GERMANY: ['A BUR'] }), { FRANCE: ['A PAR - BUR', 'A MAR S A PAR - BUR'] });
    expect(out.next && formatPhase(out.next)).toBe('S1901R');
    expect(out.state.dislodged.map((d) => [d.location, d.attackerFrom])).toEqual([['BUR', 'PAR']]);
    expect(out.state.dislodged[0]!.retreats).not.toContain('PAR');
  });

  it('a dislodged unit with no retreat is disbanded at once and no retreat phase follows', () => {
    const out = play(position('S1901M', { ENGLAND: ['A EDI', 'A LVP'], FRANCE: ['A CLY'] }), {
      ENGLAND: ['A EDI - CLY', 'A LVP S A EDI - CLY'],
      FRANCE: ['A CLY H'],
    });
    expect(out.next && formatPhase(out.next)).toBe('F1901M');
    expect(out.state.dislodged).toEqual([]);
    expect(out.results).toContainEqual(expect.objectContaining({ power: 'FRANCE', order: 'A CLY D', outcome: 'disbanded', reason: 'noRetreat' }));
    expect(unitsByPower(out.state.units)).toEqual({ ENGLAND: ['A CLY', 'A LVP'] });
  });

  it('a unit dislodged by a convoyed army lists the army’s origin among its retreats (D.VI(1))', () => {
    const out = play(position('S1901M', { ENGLAND: ['A PIC', 'F ENG', 'F NTH'], FRANCE: ['A BEL'] }), {
      ENGLAND: ['A PIC - BEL', 'F ENG C A PIC - BEL', 'F NTH S A PIC - BEL'],
    });
    expect(out.state.dislodged).toHaveLength(1);
    expect(out.state.dislodged[0]!.attackerFrom).toBeNull();
    expect(out.state.dislodged[0]!.retreats).toContain('PIC');
  });

  it('a Fall with no adjustment needed goes to the next Spring', () => {
    const out = play({ ...standardStartState(), phase: parsePhase('F1901M')! }, {});
    expect(out.next && formatPhase(out.next)).toBe('S1902M');
    expect(formatPhase(out.state.phase)).toBe('S1902M');
  });

  it('centres change after the Fall movement when there is no retreat, and lead to the adjustment phase', () => {
    const spring = play(position('S1901M', { FRANCE: ['A PIC'] }), { FRANCE: ['A PIC - BEL'] });
    expect(spring.state.centers.has('BEL')).toBe(false);
    const fall = play(spring.state, {});
    expect(owned(fall.state, 'FRANCE')).toEqual(['BEL', 'BRE', 'MAR', 'PAR']);
    expect(fall.next && formatPhase(fall.next)).toBe('W1901A');
  });

  it('centres change only when the Fall season ends, after its retreats', () => {
    const start = position('F1901M', { FRANCE: ['A PIC', 'A BUR'], GERMANY: ['A BEL'] }, { FRANCE: ['BRE', 'MAR', 'PAR'], GERMANY: ['BEL', 'BER', 'KIE', 'MUN'] });
    const moved = play(start, { FRANCE: ['A PIC - BEL', 'A BUR S A PIC - BEL'] });
    expect(moved.next && formatPhase(moved.next)).toBe('F1901R');
    expect(moved.state.centers.get('BEL')).toBe('GERMANY');
    const retreated = play(moved.state, { GERMANY: ['A BEL R HOL'] });
    expect(retreated.state.centers.get('BEL')).toBe('FRANCE');
    expect(retreated.state.centers.get('HOL')).toBe('GERMANY');
    expect(retreated.next && formatPhase(retreated.next)).toBe('W1901A');
  });

  it('an adjustment phase with nothing to build (no vacant home centre) is skipped', () => {
    const start = position('F1901M', { FRANCE: ['A PAR', 'A MAR', 'F BRE', 'A PIC'] }, { FRANCE: ['BRE', 'MAR', 'PAR', 'SPA'] });
    const out = play(start, { FRANCE: ['A PIC - BEL'] });
    expect(owned(out.state, 'FRANCE')).toEqual(['BEL', 'BRE', 'MAR', 'PAR', 'SPA']);
    expect(out.next && formatPhase(out.next)).toBe('S1902M');
  });

  it('an adjustment phase leads to the next Spring', () => {
    const out = play(position('W1901A', {}, { FRANCE: ['BRE', 'MAR', 'PAR'] }), { FRANCE: ['A PAR B'] });
    expect(out.next && formatPhase(out.next)).toBe('S1902M');
    expect(unitsByPower(out.state.units)).toEqual({ FRANCE: ['A PAR'] });
  });

  const SEVENTEEN = ['BRE', 'MAR', 'PAR', 'SPA', 'POR', 'BEL', 'HOL', 'MUN', 'KIE', 'BER', 'DEN', 'SWE', 'NWY', 'LON', 'LVP', 'EDI', 'TUN'];

  it('a solo at 18 centres ends the game after the Fall: next is null and the winner is named', () => {
    const start = position('F1905M', { FRANCE: ['A TYR'] }, { FRANCE: SEVENTEEN, ITALY: ['ROM', 'NAP', 'VEN'] });
    const solo = play(start, { FRANCE: ['A TYR - VEN'] });
    expect(solo.next).toBeNull();
    expect(solo.winner).toBe('FRANCE');
    expect(owned(solo.state, 'FRANCE')).toHaveLength(18);
    expect(unitsByPower(solo.state.units)).toEqual({ FRANCE: ['A VEN'] });
    // 17 centres: the game goes on.
    const short = play(start, { FRANCE: ['A TYR - PIE'] });
    expect(short.next && formatPhase(short.next)).toBe('W1905A');
    expect(short.winner).toBeUndefined();
  });

  it('18 centres reached in Spring do not end the game; the count is made at the end of the Fall', () => {
    const spring = play(position('S1905M', { FRANCE: ['A TYR'] }, { FRANCE: SEVENTEEN }), { FRANCE: ['A TYR - VEN'] });
    expect(spring.next && formatPhase(spring.next)).toBe('F1905M');
    expect(spring.winner).toBeUndefined();
    const fall = play(spring.state, {});
    expect(fall.next).toBeNull();
    expect(fall.winner).toBe('FRANCE');
  });

  it('a solo reached when the Fall retreats end ends the game then', () => {
    const start = position('F1905M', { FRANCE: ['A TYR', 'A PIE'], ITALY: ['A VEN'] }, { FRANCE: SEVENTEEN, ITALY: ['VEN', 'ROM'] });
    const moved = play(start, { FRANCE: ['A TYR - VEN', 'A PIE S A TYR - VEN'] });
    expect(moved.next && formatPhase(moved.next)).toBe('F1905R');
    expect(moved.winner).toBeUndefined();
    const retreated = play(moved.state, { ITALY: ['A VEN R ROM'] });
    expect(retreated.next).toBeNull();
    expect(retreated.winner).toBe('FRANCE');
  });

  it('endYear ends the game after that Fall, not after its Spring', () => {
    const spring = play(standardStartState(), {}, { endYear: 1901 });
    expect(spring.next && formatPhase(spring.next)).toBe('F1901M');
    expect(spring.ended).toBeUndefined();
    const fall = play(spring.state, {}, { endYear: 1901 });
    expect(fall.next).toBeNull();
    expect(fall.ended).toBe(true);
    const before = play({ ...standardStartState(), phase: parsePhase('F1901M')! }, {}, { endYear: 1902 });
    expect(before.next && formatPhase(before.next)).toBe('S1902M');
  });

  it('endYear ends the game after the Fall retreats when the Fall has a retreat phase', () => {
    const start = position('F1909M', { FRANCE: ['A PAR', 'A MAR'], GERMANY: ['A BUR'] });
    const moved = play(start, { FRANCE: ['A PAR - BUR', 'A MAR S A PAR - BUR'] }, { endYear: 1909 });
    expect(moved.next && formatPhase(moved.next)).toBe('F1909R');
    const retreated = play(moved.state, { GERMANY: ['A BUR R MUN'] }, { endYear: 1909 });
    expect(retreated.next).toBeNull();
    expect(retreated.ended).toBe(true);
  });
});
