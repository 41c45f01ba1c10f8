/**
 * The DATC v3.0 chapter 6 runner: one `it()` per case, named by its DATC id, run under both rule
 * profiles. A case's `expect` is the document's preferred answer; `profiles` replace it where the
 * profile decides differently (DESIGN.md "Rule profiles").
 */
import { describe, expect, it } from 'vitest';
import { adjudicate, parsePhase, RULE_PROFILES, type GameState, type OrderResult, type RuleProfileName } from '../../../src/game/index.js';
import { ordersFrom, position, unitsByPower, type PerPower } from '../../helpers/position.js';
import type { DatcCase, DatcExpectation, ExpectedResult } from './datc-case.js';
import { cases as a } from './cases-6a-6c.js';
import { cases as d } from './cases-6d.js';
import { cases as e } from './cases-6e-6f.js';
import { cases as g } from './cases-6g-6j.js';

export const ALL_CASES: DatcCase[] = [...a, ...d, ...e, ...g];

const SUCCESS = new Set(['moved', 'supported', 'convoyed', 'retreated', 'built', 'disbanded', 'held', 'waived']);

function matches(expected: ExpectedResult, r: OrderResult): boolean {
  switch (expected) {
    case 'succeeds': return SUCCESS.has(r.outcome);
    case 'fails': return !SUCCESS.has(r.outcome);
    case 'illegal': return r.outcome === 'illegal' || r.outcome === 'void';
    case 'cut': return r.outcome === 'cut';
  }
}

function resultFor(results: readonly OrderResult[], keys: string[], key: string): OrderResult | undefined {
  const idx = key.includes(': ') ? keys.indexOf(key) : keys.findIndex((k) => k.slice(k.indexOf(': ') + 2) === key);
  if (idx < 0) throw new Error(`expectation "${key}" names no order of the case`);
  return results.find((r) => r.index === idx && r.outcome !== 'superseded');
}

function check(state: GameState, orders: PerPower<string[]>, exp: DatcExpectation, profile: RuleProfileName) {
  const { submitted, keys } = ordersFrom(orders);
  const out = adjudicate(state, submitted, { rules: RULE_PROFILES[profile] });
  const got: Record<string, string> = {};
  const want: Record<string, string> = {};
  for (const [key, expected] of Object.entries(exp.results ?? {})) {
    const r = resultFor(out.results, keys, key);
    want[key] = expected;
    got[key] = r && matches(expected, r) ? expected : `${r?.outcome ?? 'no result'}${r?.reason ? ` (${r.reason})` : ''}`;
  }
  expect(got).toEqual(want);
  if (exp.dislodged) {
    const dislodged = out.results.filter((r) => r.dislodgedBy !== undefined).map((r) => r.order.split(' ').slice(0, 2).join(' '));
    expect(dislodged.sort()).toEqual([...exp.dislodged].sort());
  }
  if (exp.units) {
    const wantUnits: PerPower<string[]> = {};
    for (const [p, list] of Object.entries(exp.units)) if (list.length > 0) wantUnits[p as keyof PerPower<string[]>] = [...list].sort();
    expect(unitsByPower(out.state.units)).toEqual(wantUnits);
  }
  return out.state;
}

for (const profile of ['wm', 'datc2000'] as const) {
  describe(`DATC v3.0 under the ${profile} profile`, () => {
    for (const c of ALL_CASES) {
      it(`${c.id} ${c.title}`, () => {
        const override = c.profiles?.[profile];
        let state = position(c.phase ?? 'S1901M', c.units, c.centers);
        state = check(state, c.orders, override?.expect ?? c.expect, profile);
        (c.then ?? []).forEach((step, k) => {
          const phase = parsePhase(step.phase);
          if (!phase) throw new Error(`bad phase ${step.phase}`);
          state = check({ ...state, phase }, step.orders, override?.then?.[k] ?? step.expect, profile);
        });
      });
    }
  });
}
