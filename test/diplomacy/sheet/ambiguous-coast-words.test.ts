/** Issue 28: a move to a two-coast province without its coast names the coasts of that province only (D.IV(3)(b)). */
import { describe, expect, it } from 'vitest';
import { RULE_PROFILES } from '../../../src/diplomacy/index.js';
import { parseOrderSheet } from '../../../src/diplomacy/sheet/index.js';
import { position } from '../../helpers/position.js';

describe('ambiguous coast (D.IV(3)(b))', () => {
  it('F MAO - SPA is told the coasts of SPA, not of BUL', () => {
    const state = position('S1902M', { FRANCE: ['F MAO'], TURKEY: ['F CON'] });
    const sheet = parseOrderSheet('F MAO - SPA', { state, power: 'FRANCE', rules: RULE_PROFILES.wm });
    const text = sheet.issues.map((i) => i.message).join('\n');
    expect(text).toContain('name one (SPA/NC or SPA/SC)');
    expect(text).not.toMatch(/BUL/);
  });
});

describe('illegal orders in the results (issue 28: no engine codes)', () => {
  it('reads as plain words with the rule cited once', async () => {
    const { outcomeWords } = await import('../../../src/diplomacy/index.js');
    const text = outcomeWords({ power: 'FRANCE', order: 'F MAO - SPA', outcome: 'illegal', reason: 'ambiguousCoast' });
    expect(text).toBe('not possible, so it holds: no coast named, and the fleet could reach both (D.IV(3)(b))');
    expect(text).not.toMatch(/ambiguousCoast/);
  });
  it('a move beaten by a supported move into its destination says so, not "bounces with"', async () => {
    const { outcomeWords } = await import('../../../src/diplomacy/index.js');
    const all = [
      { power: 'AUSTRIA' as const, order: 'A BOH - MUN', outcome: 'bounced' as const, with: ['BUR', 'MUN'] },
      { power: 'FRANCE' as const, order: 'A BUR - MUN', outcome: 'moved' as const },
      { power: 'FRANCE' as const, order: 'A RUH S A BUR - MUN', outcome: 'supported' as const },
      { power: 'GERMANY' as const, order: 'A MUN H', outcome: 'dislodged' as const, by: 'BUR' },
    ];
    expect(outcomeWords(all[0]!, all)).toBe('fails: the stronger move from BUR entered MUN');
    // A plain standoff of two equal moves into an empty province.
    const standoff = [{ power: 'AUSTRIA' as const, order: 'A VIE - GAL', outcome: 'bounced' as const, with: ['WAR'] }, { power: 'RUSSIA' as const, order: 'A WAR - GAL', outcome: 'bounced' as const, with: ['VIE'] }];
    expect(outcomeWords(standoff[0]!, standoff)).toBe('bounces: standoff with WAR');
  });
});

describe('ORDERS GERMANY (issue 28)', () => {
  it('is answered that other powers\' orders come only with the results, and is no set', () => {
    const state = position('S1902M', { FRANCE: ['F MAO'], GERMANY: ['A MUN'] });
    const sheet = parseOrderSheet('ORDERS GERMANY', { state, power: 'FRANCE', rules: RULE_PROFILES.wm });
    expect(sheet.issues.map((i) => [i.code, i.message])).toEqual([
      ['othersOrdersRefused', 'GERMANY\'s orders are not shown before the results: every power\'s orders are published with the adjudication (send ORDERS alone for your own, HISTORY for past turns)'],
    ]);
    expect(sheet.isSet).toBe(false);
    expect(parseOrderSheet('ORDERS FRANCE', { state, power: 'FRANCE', rules: RULE_PROFILES.wm }).requests.map((r) => r.kind)).toEqual(['orders']);
  });
});
