/**
 * The engine's start-up warm-up (issue 32): its script must exercise the paths a real game takes
 * (else the optimising compiler meets them first in a real adjudication), and it must be pure and
 * repeatable (a judge runs it in the process that then adjudicates real games).
 */
import { describe, expect, it } from 'vitest';
import { DATC2000_RULES, WM_RULES, warmUpEngine } from '../../src/diplomacy/index.js';
import { playWarmUpScript } from '../../src/diplomacy/warm-up.js';

function outcomes(rules: typeof WM_RULES): Set<string> {
  const seen = new Set<string>();
  playWarmUpScript(rules, (o) => seen.add(o));
  return seen;
}

describe('warmUpEngine', () => {
  it('adjudicates 20 phases a round, 10 under each rule profile', () => {
    expect(warmUpEngine(1)).toBe(20);
    expect(warmUpEngine(3)).toBe(60);
    expect(playWarmUpScript(WM_RULES)).toBe(10);
  });

  for (const rules of [WM_RULES, DATC2000_RULES]) {
    it(`covers moves, supports, convoys, a paradox, dislodgement, retreats, builds and civil disorder (${rules.name})`, () => {
      const seen = outcomes(rules);
      for (const o of [
        'moved', 'bounced', 'held', 'supported', 'cut', 'convoyed', 'noConvoy/paradox', 'disrupted/paradox', 'dislodged',
        'retreated', 'disbanded/noRetreat', 'built', 'waived', 'illegal/tooMany', 'illegal/centerOccupied', 'disbanded',
        'disbanded/civilDisorder', 'illegal/noUnit',
      ]) expect(seen, o).toContain(o);
    });
  }
});
