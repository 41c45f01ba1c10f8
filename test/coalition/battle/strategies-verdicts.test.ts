/** Battle timing (3.1), who may send a strategy and which counts (4.1.1, 5.2.3), the verdict reader (4.2–4.5). */
import { describe, expect, it } from 'vitest';
import { battleDeadline, checkVerdict, contingencyWindowOpens, countingStrategy, mayStrategise, readJudgeText, readStrategyHeader, readCoalitionCommands, checkContingencyChange } from '../../../src/coalition/index.js';

const at = (s: string) => new Date(s);

describe('3.1 the battle deadline', () => {
  it('is 24 hours before the next lock, half the turn when the turn is shorter than 48 hours', () => {
    expect(battleDeadline(at('2026-11-22T05:00:00Z'), 48).toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(battleDeadline(at('2026-11-22T05:00:00Z'), 24).toISOString()).toBe('2026-11-21T17:00:00.000Z');
  });
  it('5.2.3: the contingency window opens 24 hours before the deadline minute', () => {
    expect(contingencyWindowOpens(at('2026-11-21T05:00:30Z')).toISOString()).toBe('2026-11-20T05:00:00.000Z');
  });
});

describe('4.1.1, 5.2.3 who may send a strategy', () => {
  const deadline = at('2026-11-21T05:00:00Z');
  const contingencies = new Map([['sai rei', 'Darkhand5']]);
  it.each([
    ['Sai Rei', '2026-11-19T10:00:00Z', { ok: true, role: 'controller' }],
    ['Sai Rei', '2026-11-21T05:00:59Z', { ok: true, role: 'controller' }],
    ['Sai Rei', '2026-11-21T05:01:00Z', { ok: false, code: 'late' }],
    ['Darkhand5', '2026-11-20T04:59:59Z', { ok: false, code: 'contingency-too-early' }],
    ['Darkhand5', '2026-11-20T05:00:00Z', { ok: true, role: 'contingency' }],
    ['Kara', '2026-11-20T10:00:00Z', { ok: false, code: 'not-controller' }],
  ])('%s at %s', (sender, when, expected) => {
    expect(mayStrategise(sender, 'Sai Rei', 'Sai Rei', contingencies, at(when), deadline)).toMatchObject(expected);
  });
  it('refuses every strategy for an army controlled by nobody (5.3.1)', () => {
    expect(mayStrategise('Sai Rei', 'Proxy1', null, contingencies, at('2026-11-20T10:00:00Z'), deadline)).toMatchObject({ ok: false, code: 'no-controller' });
  });
  it("counts the controller's last, else the contingency's last", () => {
    const s = (id: number, role: 'controller' | 'contingency', t: string) => ({ id, army: 'Sai Rei', senderName: role === 'controller' ? 'Sai Rei' : 'Darkhand5', role, receivedAt: at(t) });
    expect(countingStrategy([s(1, 'contingency', '2026-11-20T06:00:00Z'), s(2, 'contingency', '2026-11-20T07:00:00Z')], 'Sai Rei')?.id).toBe(2);
    expect(countingStrategy([s(1, 'controller', '2026-11-20T06:00:00Z'), s(2, 'contingency', '2026-11-20T07:00:00Z')], 'Sai Rei')?.id).toBe(1);
    expect(countingStrategy([s(1, 'controller', '2026-11-20T06:00:00Z'), s(3, 'controller', '2026-11-20T08:00:00Z')], 'Sai Rei')?.id).toBe(3);
    expect(countingStrategy([], 'Sai Rei')).toBeUndefined();
  });
  it('reads the STRATEGY FOR line', () => {
    expect(readStrategyHeader('\nSTRATEGY FOR Sai Rei\nCharge.')).toEqual({ army: 'Sai Rei', line: 2, body: 'Charge.' });
    expect(readStrategyHeader('Charge at dawn.')).toEqual({ army: null, line: null, body: 'Charge at dawn.' });
  });
});

describe('5.2.3 the contingency section by mail', () => {
  const players = [
    { name: 'Ann', team: 'coalition' as const, rank: 'general', authority: true },
    { name: 'Sai Rei', team: 'coalition' as const, rank: 'lieutenant', authority: false },
    { name: 'Darkhand5', team: 'coalition' as const, rank: 'lieutenant', authority: false },
    { name: 'Gix', team: 'phyrexia' as const, rank: 'chief-praetor', authority: true },
  ];
  it('reads the command and checks it', () => {
    expect(readCoalitionCommands('CONTINGENCY Sai Rei IS Darkhand5\nCONTINGENCY for Darkhand5: none').commands).toEqual([
      { kind: 'contingency', line: 1, player: 'Sai Rei', contingency: 'Darkhand5', written: 'CONTINGENCY Sai Rei IS Darkhand5' },
      { kind: 'contingency', line: 2, player: 'Darkhand5', contingency: null, written: 'CONTINGENCY for Darkhand5: none' },
    ]);
    expect(checkContingencyChange(players[0]!, 'sai rei', 'darkhand5', players)).toEqual({ ok: true, player: 'Sai Rei', contingency: 'Darkhand5' });
    expect(checkContingencyChange(players[1]!, 'Sai Rei', 'Darkhand5', players)).toMatchObject({ ok: false });
    expect(checkContingencyChange(players[0]!, 'Sai Rei', 'Gix', players)).toMatchObject({ ok: false, message: 'no player "Gix" on your side' });
    expect(checkContingencyChange(players[0]!, 'Sai Rei', 'Sai Rei', players)).toMatchObject({ ok: false });
  });
});

describe('the verdict reader', () => {
  it('reads weather and a full verdict', () => {
    const r = readJudgeText('Hello,\nWEATHER 5d: fog\nVERDICT 5D\nstrategy Sai Rei 6\nsize Gix +4\nlosses Sai Rei: 300 Goblin Raiders, 20 Grizzly Bears\nkill Sai Rei -> Gix +2 -1 keep\nleaving Darkhand5 9F\n-- Bea');
    expect(r.problems).toEqual([]);
    expect(r.weather).toEqual([{ square: '5D', text: 'fog', line: 2 }]);
    expect(r.verdicts[0]).toEqual({
      square: '5D', line: 3, strategy: { 'Sai Rei': 6 }, size: { Gix: 4 }, losses: { 'Sai Rei': [{ creature: 'Goblin Raiders', count: 300 }, { creature: 'Grizzly Bears', count: 20 }] },
      kill: { by: 'Sai Rei', target: 'Gix', bonus: 2, targetBonus: -1, keepRiskedOnFailure: true }, leaving: { army: 'Darkhand5', to: '9F' },
    });
  });
  it.each([
    ['VERDICT 5D\nstrategy Sai Rei 11', 2, '11 is more than 10; the accepted form is strategy <army> <0-10>'],
    ['VERDICT 5D\nlosses Gix: many rats', 2, '"many rats" is not a count and a creature'],
    ['VERDICT 99Z', 1, '"99Z" is not a square'],
    ['size Gix 3', 1, 'a size line must come after the VERDICT line of its battle'],
    ['VERDICT 5D\nGix fought well', 2, 'not a verdict line'],
    ['WEATHER fog', 1, 'the accepted form is WEATHER <square>: <text>'],
  ])('%j: line %i', (text, line, message) => {
    const r = readJudgeText(text);
    expect(r.problems[0]).toMatchObject({ line });
    expect(r.problems[0]!.message).toContain(message);
  });
  it('checks the names against the battle and adds the stratless', () => {
    const armies = [{ name: 'Sai Rei', troops: [{ creature: 'Goblin Raiders' }] }, { name: 'Gix', troops: [{ creature: 'Plague Rats' }] }];
    const v = readJudgeText('VERDICT 5D\nsize sai rei 2\nlosses Gix: 10 Plague Rats').verdicts[0]!;
    expect(checkVerdict(v, armies, ['Gix'])).toEqual({ ok: true, verdict: { strategy: {}, size: { 'Sai Rei': 2 }, losses: { Gix: [{ creature: 'Plague Rats', count: 10 }] }, stratless: ['Gix'] } });
    const bad = readJudgeText('VERDICT 5D\nsize Kara 2\nlosses Gix: 10 Goblin Raiders').verdicts[0]!;
    expect(checkVerdict(bad, armies, [])).toEqual({ ok: false, problems: ['size: "Kara" is not an army of the battle at 5D (Sai Rei, Gix)', 'losses: Gix has no "Goblin Raiders" (its creatures: Plague Rats)'] });
  });
});

describe('properties', () => {
  it('the judge\'s text never throws, and every problem names a line of the text', async () => {
    const fc = (await import('fast-check')).default;
    const line = fc.oneof(fc.string(), fc.constantFrom('VERDICT 5D', 'WEATHER 5D: x', 'strategy A 3', 'size B 11', 'losses A: 3 X, y', 'kill A -> B +1', 'leaving A 9Z', 'DIGEST', 'RULING A: at 3D BECAUSE r', '-- ', '> quoted'));
    fc.assert(fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
      const r = readJudgeText(lines.join('\n'));
      const count = lines.join('\n').split(/\r?\n/).length;
      return r.problems.every((p) => p.line >= 1 && p.line <= count && p.message.includes('accepted form'));
    }), { numRuns: 300 });
  });
  it("5.2.3: whenever the controller sent a strategy, it is the one that counts", async () => {
    const fc = (await import('fast-check')).default;
    const strat = fc.record({ id: fc.nat(1000), role: fc.constantFrom('controller' as const, 'contingency' as const), minute: fc.nat(2000) });
    fc.assert(fc.property(fc.array(strat, { minLength: 1, maxLength: 8 }), (xs) => {
      const list = xs.map((x, i) => ({ id: i, army: 'Sai Rei', senderName: x.role === 'controller' ? 'Sai Rei' : 'Darkhand5', role: x.role, receivedAt: new Date(Date.UTC(2026, 10, 20) + x.minute * 60_000) }));
      const c = countingStrategy(list, 'Sai Rei')!;
      const controllers = list.filter((x) => x.role === 'controller');
      const pool = controllers.length > 0 ? controllers : list;
      const latest = Math.max(...pool.map((x) => x.receivedAt.getTime()));
      return c.role === pool[0]!.role && c.receivedAt.getTime() === latest;
    }), { numRuns: 300 });
  });
});

describe('army troops in a round file', () => {
  it('are checked for shape, naming where', async () => {
    const { readArmies } = await import('../../../src/coalition/index.js');
    const problems: string[] = [];
    readArmies([{ name: 'A', team: 'coalition', rank: 'lieutenant', at: '3D', troops: [{ creature: 'Goblins', colours: ['red'], power: 1, toughness: 1, slot: 0, count: 10, alive: 11 }] }], problems);
    expect(problems).toEqual(['armies[0].troops[0]: {creature, colours (e.g. ["red"]), power, toughness, slot 0-3, count, alive <= count}, whole numbers']);
    const ok: string[] = [];
    expect(readArmies([{ name: 'A', team: 'coalition', rank: 'lieutenant', at: '3D', troops: [{ creature: 'Goblins', colours: ['red'], power: 1, toughness: 1, slot: 0, count: 10, alive: 10 }] }], ok)[0]!.troops).toHaveLength(1);
    expect(ok).toEqual([]);
  });
});
