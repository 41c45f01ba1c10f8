/**
 * One runner for cases in the DATC case format (`test/game/datc/datc-case.ts`): used by the DATC
 * suite and by the World Masters house-rule suite. A case runs under one rule profile; its
 * `profiles[profile]` expectations replace the default ones where given.
 */
import { expect } from 'vitest';
import { adjudicate, parsePhase, RULE_PROFILES, type GameState, type OrderResult, type RuleProfileName } from '../../src/diplomacy/index.js';
import type { DatcCase, DatcExpectation, ExpectedResult } from '../diplomacy/datc/datc-case.js';
import { ordersFrom, position, unitsByPower, type PerPower } from './position.js';

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

/** Adjudicate one phase and assert its expectation; returns the position that follows. */
export function checkPhase(state: GameState, orders: PerPower<string[]>, exp: DatcExpectation, profile: RuleProfileName): GameState {
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

/** Run a whole case (its first phase and its `then` phases) under one profile. */
export function runCase(c: DatcCase, profile: RuleProfileName): void {
  const override = c.profiles?.[profile];
  let state = position(c.phase ?? 'S1901M', c.units, c.centers);
  state = checkPhase(state, c.orders, override?.expect ?? c.expect, profile);
  (c.then ?? []).forEach((step, k) => {
    const phase = parsePhase(step.phase);
    if (!phase) throw new Error(`bad phase ${step.phase}`);
    state = checkPhase({ ...state, phase }, step.orders, override?.then?.[k] ?? step.expect, profile);
  });
}
