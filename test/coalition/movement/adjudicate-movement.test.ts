/**
 * The movement update (chapter 3), one table per rule: each row cites the rule it checks. The seed's
 * own worked examples are rows here (3.2.2.1, 3.2.2.5, 3.3.4).
 */
import { describe, expect, it } from 'vitest';
import { army, mapWith, order, positions, resultOf, turn } from '../helpers/turn.js';

describe('3.2.2.1 range: up to 3 squares N/S and E/W', () => {
  // prettier-ignore
  it.each([
    // rule        text          outcome       ends
    ['3.2.2.1 ex', '3D > 6D',    'moved',      '6D'],
    ['3.2.2.1 ex', '3D > 5E',    'moved',      '5E'],
    ['3.2.2.1 ex', '3D > 4F',    'moved',      '4F'],
    ['3.2.2.1 ex', '3D > 5F',    'rejected',   '3D'],
    ['3.2.2.1',    '3D > 3D',    'moved',      '3D'],
    ['3.2.2.1',    '3D > 1A',    'rejected',   '3D'],
  ])('%s: Sai Rei %s → %s at %s', (_rule, text, outcome, at) => {
    const out = turn([army('C', 'Sai Rei', '3D')], [order('Sai Rei', text)]);
    expect(resultOf(out, 'Sai Rei').outcome).toBe(outcome);
    expect(positions(out)['Sai Rei']).toBe(at);
  });

  it('3.2.2.1: a too-long move says why, citing the rule', () => {
    const out = turn([army('C', 'Sai Rei', '3D')], [order('Sai Rei', '3D > 5F')]);
    expect(resultOf(out, 'Sai Rei').code).toBe('tooFar');
    expect(resultOf(out, 'Sai Rei').reason).toMatch(/^too far: 3D to 5F is 4 squares; an army moves at most 3 a turn/);
  });

  it('3.2.2.1: a diagonal step in a route is rejected as diagonal', () => {
    const out = turn([army('C', 'Sai Rei', '3D')], [order('Sai Rei', '3D > 4E (3D - 4E)')]);
    expect(resultOf(out, 'Sai Rei')).toMatchObject({ outcome: 'rejected', code: 'diagonal' });
    expect(resultOf(out, 'Sai Rei').reason).toMatch(/^diagonal: .*never diagonally/);
  });

  it('3.2.2.1: an army may move over other armies, friendly or enemy', () => {
    const out = turn([army('C', 'Sai Rei', '3D'), army('C', 'Friend', '4D'), army('P', 'Gix', '5D')], [order('Sai Rei', '3D > 6D')]);
    expect(positions(out)).toEqual({ 'Sai Rei': '6D', Friend: '4D', Gix: '5D' });
    expect(out.battles).toEqual([]);
  });
});

describe('3.2.2.2 engage / replace, judged on the map as posted', () => {
  // prettier-ignore
  it.each([
    // rule       occupant      its team  text                          outcome     code
    ['3.2.2.2', 'Gix',        'P',      '3D > 5E',                      'rejected', 'missingEngage'],
    ['3.2.2.2', 'Gix',        'P',      '3D > 5E; engage Gix',          'moved',    null],
    ['3.2.2.2', 'Gix',        'P',      '3D > 5E; replace Gix',         'rejected', 'wrongTarget'],
    ['3.2.2.2', 'Gix',        'P',      '3D > 5E; engage Urza',         'rejected', 'wrongTarget'],
    ['3.2.2.2', 'Darkhand5',  'C',      '3D > 5E',                      'rejected', 'missingReplace'],
    ['3.2.2.2', 'Darkhand5',  'C',      '3D > 5E; engage Darkhand5',    'rejected', 'wrongTarget'],
  ])('%s: %s (%s) at 5E, "%s" → %s', (_rule, occupant, team, text, outcome, code) => {
    const out = turn([army('C', 'Sai Rei', '3D'), army(team as 'C' | 'P', occupant, '5E')], [order('Sai Rei', text)]);
    expect(resultOf(out, 'Sai Rei').outcome).toBe(outcome);
    expect(resultOf(out, 'Sai Rei').code).toBe(code);
  });

  it('3.2.2.5 example: "Sai Rei: 3D > 5E; replace Darkhand5" with Darkhand5 leaving', () => {
    const out = turn([army('C', 'Sai Rei', '3D'), army('C', 'Darkhand5', '5E')], [order('Sai Rei', '3D > 5E; replace Darkhand5'), order('Darkhand5', '5E > 8E')]);
    expect(positions(out)).toEqual({ 'Sai Rei': '5E', Darkhand5: '8E' });
    expect(resultOf(out, 'Sai Rei').outcome).toBe('moved');
  });

  it('3.2.2.2 / 3.3.2: replace when the friendly army stays → partial move next to it', () => {
    const out = turn([army('C', 'Sai Rei', '3D'), army('C', 'Darkhand5', '5E')], [order('Sai Rei', '3D > 5E (3D - 4D - 5D - 5E); replace Darkhand5')]);
    expect(positions(out)['Sai Rei']).toBe('5D');
    expect(resultOf(out, 'Sai Rei')).toMatchObject({ outcome: 'partial', code: 'friendlyArrivedFirst' });
  });

  it('3.2.2.4: with no route given, the seed chooses it — and so where a partial move stops', () => {
    const ends = new Set(Array.from({ length: 16 }, (_, i) => {
      const out = turn([army('C', 'Sai Rei', '3D'), army('C', 'Darkhand5', '5E')], [order('Sai Rei', '3D > 5E; replace Darkhand5')], { seed: `seed-${i}` });
      expect(out.dice.rolls.map((r) => r.purpose)).toEqual(['route of Sai Rei 3D > 5E (3.2.2.4)']);
      return positions(out)['Sai Rei'];
    }));
    expect(ends).toEqual(new Set(['4E', '5D']));
  });

  it('3.2.2.5: engage is needed even if the enemy leaves; the move goes ahead whether or not it is still there', () => {
    const out = turn([army('C', 'Sai Rei', '3D'), army('P', 'Gix', '5E')], [order('Sai Rei', '3D > 5E; engage Gix'), order('Gix', '5E > 8E')]);
    expect(positions(out)).toEqual({ 'Sai Rei': '5E', Gix: '8E' });
    expect(out.battles).toEqual([]);
  });

  it('4.1.2.3: moving onto an enemy that stays → "Sai Rei attacks Gix"', () => {
    const out = turn([army('C', 'Sai Rei', '3D'), army('P', 'Gix', '5E')], [order('Sai Rei', '3D > 5E; engage Gix')]);
    expect(out.battles).toEqual([{ square: '5E', armies: ['Sai Rei', 'Gix'], attacker: 'Sai Rei', jointEngage: false }]);
  });

  it('4.1.2.3: two enemies moving into one empty square → a no-attacker battle', () => {
    const out = turn([army('C', 'Sai Rei', '3D'), army('P', 'Gix', '7D')], [order('Sai Rei', '3D > 5D', 0), order('Gix', '7D > 5D', 1)]);
    expect(out.battles).toEqual([{ square: '5D', armies: ['Sai Rei', 'Gix'], attacker: null, jointEngage: false }]);
  });

  it('3.2.2.5: the origin must be the army\'s square', () => {
    const out = turn([army('C', 'Sai Rei', '3D')], [order('Sai Rei', '4D > 5D')]);
    expect(resultOf(out, 'Sai Rei')).toMatchObject({ outcome: 'rejected', code: 'wrongOrigin' });
  });
});

describe('3.2.2.3 long distance moves', () => {
  it('3.2.2.5 example: 5E > 8E > 11E > 14E > 14H goes one leg a turn and carries the rest', () => {
    const first = turn([army('C', 'Sai Rei', '5E')], [order('Sai Rei', '5E > 8E > 11E > 14E > 14H')]);
    expect(positions(first)['Sai Rei']).toBe('8E');
    expect(first.carriedMoves['Sai Rei']?.legs.map((l) => `${l.to.col}${l.to.row}`)).toEqual(['11E', '14E', '14H']);
    const second = turn([army('C', 'Sai Rei', '8E')], [], { carriedMoves: first.carriedMoves });
    expect(positions(second)['Sai Rei']).toBe('11E');
    expect(second.carriedMoves['Sai Rei']?.legs).toHaveLength(2);
  });

  it('3.2.2.3: a battle on the way cancels the rest of the long move', () => {
    const out = turn([army('C', 'Sai Rei', '5E'), army('P', 'Gix', '8E')], [order('Sai Rei', '5E > 8E > 11E'), order('Gix', 'hold')]);
    // Gix is on 8E when posted: a long move's step onto it must be posted alone with engage (3.2.2.2).
    expect(resultOf(out, 'Sai Rei')).toMatchObject({ outcome: 'rejected', code: 'longStepOccupied' });
    const met = turn([army('C', 'Sai Rei', '5E'), army('P', 'Gix', '11E')], [order('Sai Rei', '5E > 8E > 11E'), order('Gix', '11E > 8E')]);
    expect(met.battles.map((b) => b.square)).toEqual(['8E']);
    expect(met.carriedMoves['Sai Rei']).toBeUndefined();
  });

  it('3.2.2.3: an army in battle at the start of the turn drops its carried move', () => {
    const carried = { 'Sai Rei': { legs: [{ to: { col: 11, row: 'E' } }], at: new Date(0), post: 'old', line: 1, text: '5E > 8E > 11E' } };
    const out = turn([army('C', 'Sai Rei', '8E'), army('P', 'Gix', '8E')], [], { carriedMoves: carried });
    expect(positions(out)['Sai Rei']).toBe('8E');
    expect(out.carriedMoves).toEqual({});
  });
});

describe('3.2.1 an army in battle fights; that is its action', () => {
  it('3.2.1: a move by an army sharing its square with an enemy is rejected', () => {
    const out = turn([army('C', 'Sai Rei', '8E'), army('P', 'Gix', '8E')], [order('Sai Rei', '8E > 9E')]);
    expect(resultOf(out, 'Sai Rei')).toMatchObject({ outcome: 'rejected', code: 'inBattle' });
    expect(out.battles).toEqual([]); // last turn's battle, not a new one
  });
});

describe('3.2.3 Intercept', () => {
  it('3.2.3.1: an enemy moving over the interceptor stops and fights it', () => {
    const out = turn([army('C', 'Darkhand5', '5D'), army('P', 'Gix', '3D')], [order('Darkhand5', 'Intercept Gix'), order('Gix', '3D > 6D')]);
    expect(positions(out).Gix).toBe('5D');
    expect(resultOf(out, 'Gix')).toMatchObject({ outcome: 'intercepted', code: 'intercepted' });
    expect(out.battles).toEqual([{ square: '5D', armies: ['Gix', 'Darkhand5'], attacker: 'Gix', jointEngage: false }]);
  });

  it('3.2.3.1 / 3.2.2.4: a routed move around the interceptor is not stopped', () => {
    const out = turn([army('C', 'Darkhand5', '4D'), army('P', 'Gix', '3D')], [order('Darkhand5', 'Intercept Gix'), order('Gix', '3D > 4E (3D - 3E - 4E)')]);
    expect(positions(out).Gix).toBe('4E');
    expect(resultOf(out, 'Gix').outcome).toBe('moved');
  });

  it('3.2.3.1: if another army crosses, nothing is intercepted', () => {
    const out = turn([army('C', 'Darkhand5', '5D'), army('P', 'Gix', '3D'), army('P', 'Urza', '9D')], [order('Darkhand5', 'Intercept Urza'), order('Gix', '3D > 6D')]);
    expect(positions(out).Gix).toBe('6D');
  });

  it('3.2.3.2: the intercepted army closer than the engaging one fights; the other makes a partial move', () => {
    const out = turn(
      [army('C', 'Darkhand5', '5D'), army('P', 'Gix', '4D'), army('P', 'Yawg', '5G')],
      [order('Darkhand5', 'Intercept Gix'), order('Gix', '4D > 6D'), order('Yawg', '5G > 5D (5G - 5F - 5E - 5D); engage Darkhand5')],
    );
    expect(positions(out)).toMatchObject({ Gix: '5D', Yawg: '5E' });
    expect(resultOf(out, 'Yawg')).toMatchObject({ outcome: 'partial', code: 'lostInterceptRace' });
  });

  it('3.2.3.2: the engaging army closer than the intercepted one fights; the intercepted army moves on', () => {
    const out = turn(
      [army('C', 'Darkhand5', '5D'), army('P', 'Gix', '2D'), army('P', 'Yawg', '5E')],
      [order('Darkhand5', 'Intercept Gix'), order('Gix', '2D > 5D; engage Darkhand5'), order('Yawg', '5E > 5D; engage Darkhand5')],
    );
    // Gix ends on 5D itself (no crossing): Yawg at 1 and Gix at 3 both move in; 3.3.1 gives 5D to the closer.
    expect(positions(out)).toMatchObject({ Yawg: '5D' });
    const crossing = turn(
      [army('C', 'Darkhand5', '5D'), army('P', 'Gix', '3D'), army('P', 'Yawg', '5E')],
      [order('Darkhand5', 'Intercept Gix'), order('Gix', '3D > 6D'), order('Yawg', '5E > 5D; engage Darkhand5')],
    );
    expect(positions(crossing)).toMatchObject({ Gix: '6D', Yawg: '5D' });
    expect(resultOf(crossing, 'Gix').outcome).toBe('moved');
  });

  it('3.2.3.2: equal distances are decided by a recorded die', () => {
    const out = turn(
      [army('C', 'Darkhand5', '5D'), army('P', 'Gix', '3D'), army('P', 'Yawg', '5F')],
      [order('Darkhand5', 'Intercept Gix'), order('Gix', '3D > 6D'), order('Yawg', '5F > 5D (5F - 5E - 5D); engage Darkhand5')],
    );
    expect(out.dice.rolls.map((r) => r.purpose)).toContain('intercept at 5D: Gix or Yawg, both 2 away (3.2.3.2)');
    const fighter = positions(out).Gix === '5D' ? 'Gix' : 'Yawg';
    expect(positions(out)[fighter]).toBe('5D');
  });

  it('3.2.3.1: Intercept names an enemy', () => {
    const out = turn([army('C', 'Darkhand5', '5D'), army('C', 'Sai Rei', '3D')], [order('Darkhand5', 'Intercept Sai Rei')]);
    expect(resultOf(out, 'Darkhand5')).toMatchObject({ outcome: 'rejected', code: 'interceptNotEnemy' });
  });
});

describe('3.2.4 Transfers and their timing (3.2.4.3)', () => {
  const base = [army('C', 'Sai Rei', '5E'), army('C', 'Darkhand5', '6E')];
  it('3.2.4.3.1: receiving army not in battle and not attacked → now', () => {
    const out = turn(base, [order('Sai Rei', 'Transfer to Darkhand5 at 6E')]);
    expect(out.transfers).toEqual([{ from: 'Sai Rei', to: 'Darkhand5', when: 'now' }]);
    expect(resultOf(out, 'Sai Rei').outcome).toBe('held');
  });
  it('3.2.4.3.2: receiving army attacked this turn → at the end of that battle', () => {
    const out = turn([...base, army('P', 'Gix', '8E')], [order('Sai Rei', 'Transfer to Darkhand5 at 6E'), order('Gix', '8E > 6E; engage Darkhand5')]);
    expect(out.transfers).toEqual([{ from: 'Sai Rei', to: 'Darkhand5', when: 'after-battle' }]);
  });
  it('3.2.4.3.3: receiving army already in battle → only if it wins', () => {
    const out = turn([...base, army('P', 'Gix', '6E')], [order('Sai Rei', 'Transfer to Darkhand5 at 6E')]);
    expect(out.transfers).toEqual([{ from: 'Sai Rei', to: 'Darkhand5', when: 'if-wins' }]);
  });
  // prettier-ignore
  it.each([
    ['3.2.4.1', 'receiver moves away',   [army('C', 'Sai Rei', '5E'), army('C', 'Darkhand5', '6E')], ['Darkhand5', '6E > 7E'], 'transferReceiverMoved'],
    ['3.2.4.1', 'not next to',           [army('C', 'Sai Rei', '5E'), army('C', 'Darkhand5', '7E')], undefined,              'transferNotNextTo'],
    ['3.2.4.1', 'sender in a base',      [army('C', 'Sai Rei', '5E'), army('C', 'Darkhand5', '6E')], undefined,              'transferFromSite'],
    ['3.2.4.2', 'receiver elsewhere',    [army('C', 'Sai Rei', '5E'), army('C', 'Darkhand5', '5F')], undefined,              'transferTarget'],
  ] as const)('%s: %s → rejected', (_rule, _what, armies, other, code) => {
    const to = armies[1]!.at === '5F' ? '6E' : armies[1]!.at;
    const orders = [order('Sai Rei', `Transfer to Darkhand5 at ${to}`), ...(other ? [order(other[0], other[1])] : [])];
    const map = code === 'transferFromSite' ? mapWith({ '5E': { kind: 'town' } }) : undefined;
    const out = turn([...armies], orders, map ? { map } : {});
    expect(resultOf(out, 'Sai Rei')).toMatchObject({ outcome: 'rejected', code });
    expect(out.transfers).toEqual([]);
  });
  it('3.2.4.1: "next to" includes the diagonal squares (4.2.5\'s 8 surrounding squares)', () => {
    const out = turn([army('C', 'Sai Rei', '5E'), army('C', 'Darkhand5', '6F')], [order('Sai Rei', 'Transfer to Darkhand5 at 6F')]);
    expect(out.transfers).toHaveLength(1);
  });
});

describe('3.2.5 Joint Engage', () => {
  const pair = [army('C', 'A1', '5D', 'commander'), army('C', 'A2', '5F', 'lt-commander'), army('P', 'Gix', '5E')];
  it('3.2.5.2: exactly 2 armies of a team on a square an enemy stays in → a 3-army battle', () => {
    const out = turn(pair, [order('A1', '5D > 5E; Joint Engage', 0), order('A2', '5F > 5E; Joint Engage', 1)]);
    expect(positions(out)).toEqual({ A1: '5E', A2: '5E', Gix: '5E' });
    expect(out.battles).toEqual([{ square: '5E', armies: ['A1', 'A2', 'Gix'], attacker: 'A1', jointEngage: true }]);
  });
  it('3.2.5.1: Joint Engage on its own square', () => {
    const out = turn([army('C', 'A1', '5E'), army('C', 'A2', '5F'), army('P', 'Gix', '5H')], [order('A1', '5E; Joint Engage', 0), order('A2', '5F > 5E; Joint Engage', 1), order('Gix', '5H > 5E; engage A1', 2)]);
    expect(out.battles[0]).toMatchObject({ square: '5E', jointEngage: true });
    expect(out.battles[0]?.armies).toHaveLength(3);
  });
  it('3.2.5.3: no enemy enters → a normal move; 3.3.1 decides which arrives', () => {
    const out = turn([army('C', 'A1', '5D'), army('C', 'A2', '5G')], [order('A1', '5D > 5E; Joint Engage', 0), order('A2', '5G > 5E; Joint Engage', 1)]);
    expect(positions(out)).toMatchObject({ A1: '5E', A2: '5F' });
    expect(resultOf(out, 'A2').outcome).toBe('partial');
  });
  // prettier-ignore
  it.each([
    ['3.2.5.2', 'one army alone',          [army('C', 'A1', '5D'), army('P', 'Gix', '5E')],                                          [['A1', '5D > 5E; Joint Engage']],                                                                          'jointEngageCount'],
    ['3.2.5.2', 'three armies',            [army('C', 'A1', '5D'), army('C', 'A2', '5F'), army('C', 'A3', '6E'), army('P', 'Gix', '5E')], [['A1', '5D > 5E; Joint Engage'], ['A2', '5F > 5E; Joint Engage'], ['A3', '6E > 5E; Joint Engage']], 'jointEngageCount'],
    ['3.2.5.2', 'a third friendly moving', [army('C', 'A1', '5D'), army('C', 'A2', '5F'), army('C', 'A3', '7E'), army('P', 'Gix', '5E')], [['A1', '5D > 5E; Joint Engage'], ['A2', '5F > 5E; Joint Engage'], ['A3', '7E > 5E; engage Gix']], 'jointEngageThirdArmy'],
    ['3.2.5.4', 'a Captain',               [army('C', 'A1', '5D', 'captain'), army('C', 'A2', '5F'), army('P', 'Gix', '5E')],         [['A1', '5D > 5E; Joint Engage'], ['A2', '5F > 5E; Joint Engage']],                                          'rankMayNotJointEngage'],
  ] as const)('%s: %s → ignored', (_rule, _what, armies, orders, code) => {
    const out = turn([...armies], orders.map(([a, t], i) => order(a, t, i)));
    expect(resultOf(out, 'A1')).toMatchObject({ outcome: 'rejected', code });
    expect(positions(out).A1).toBe(armies[0]!.at);
  });
  it('3.2.5.4: not on a base, town or portal', () => {
    const out = turn(pair, [order('A1', '5D > 5E; Joint Engage'), order('A2', '5F > 5E; Joint Engage')], { map: mapWith({ '5E': { kind: 'town' } }) });
    expect(resultOf(out, 'A1')).toMatchObject({ outcome: 'rejected', code: 'jointEngageOnSite' });
  });
  it('3.2.5.4: one Joint Engage a turn, by the timestamp of the second order of each pair', () => {
    const armies = [
      army('C', 'A1', '5D'), army('C', 'A2', '5F'), army('P', 'Gix', '5E'),
      army('C', 'B1', '20D'), army('C', 'B2', '20F'), army('P', 'Urza', '20E'),
    ];
    // A's first order is the earliest of all, but its second (minute 30) is later than B's second (minute 20).
    const out = turn(armies, [order('A1', '5D > 5E; Joint Engage', 0), order('B1', '20D > 20E; Joint Engage', 10), order('B2', '20F > 20E; Joint Engage', 20), order('A2', '5F > 5E; Joint Engage', 30)]);
    expect(out.battles).toEqual([{ square: '20E', armies: ['B1', 'B2', 'Urza'], attacker: 'B1', jointEngage: true }]);
    expect(resultOf(out, 'A1')).toMatchObject({ outcome: 'partial', code: 'jointEngageLimit' });
    expect(positions(out)).toMatchObject({ A1: '5D', A2: '5F' });
  });
});

describe('3.3.1 friendly armies arriving at one square', () => {
  // prettier-ignore
  it.each([
    // rule     why                          A from  A text        A min  A post  A line  B from  B text       B min  B post  B line  arrives
    ['3.3.1', 'the closer arrives',           '3D',  '3D > 5D',    0,     'x',    1,      '5E',   '5E > 5D',   9,     'y',    1,      'B'],
    ['3.3.1', 'equal distance: earlier post', '3D',  '3D > 5D',    5,     'x',    1,      '7D',   '7D > 5D',   4,     'y',    1,      'B'],
    ['3.3.1', 'same post: first written',     '3D',  '3D > 5D',    5,     'x',    2,      '7D',   '7D > 5D',   5,     'x',    3,      'A'],
  ] as const)('%s: %s', (_rule, _why, af, at, am, ap, al, bf, bt, bm, bp, bl, winner) => {
    const out = turn([army('C', 'A', af), army('C', 'B', bf)], [order('A', at, am, ap, al), order('B', bt, bm, bp, bl)]);
    const loser = winner === 'A' ? 'B' : 'A';
    expect(positions(out)[winner]).toBe('5D');
    expect(resultOf(out, loser)).toMatchObject({ outcome: 'partial', code: 'friendlyArrivedFirst' });
    expect(positions(out)[loser]).not.toBe('5D');
  });

  it('3.3.2: an intentional move beats a partial one into the same square', () => {
    // C is blocked at 5D by A (closer) and falls back to 6D, where B moves intentionally: B keeps 6D, C goes on back.
    const out = turn(
      [army('C', 'A', '5C'), army('C', 'C', '8D'), army('C', 'B', '6F')],
      [order('A', '5C > 5D', 0), order('C', '8D > 5D', 1), order('B', '6F > 6D', 2)],
    );
    expect(positions(out)).toEqual({ A: '5D', C: '7D', B: '6D' });
  });
});

describe('3.3.4 simultaneity', () => {
  it('3.3.4 example: 3F → 4F and 4F → 3F pass without fighting', () => {
    const out = turn([army('C', 'Sai Rei', '3F'), army('P', 'Gix', '4F')], [order('Sai Rei', '3F > 4F; engage Gix'), order('Gix', '4F > 3F; engage Sai Rei')]);
    expect(positions(out)).toEqual({ 'Sai Rei': '4F', Gix: '3F' });
    expect(out.battles).toEqual([]);
  });
});

describe('3.3.5 mercenaries give way', () => {
  it('3.3.5: Coalition, Phyrexian and Mercenary entering one square → the mercenary stops short', () => {
    const out = turn(
      [army('C', 'Sai Rei', '3D'), army('P', 'Gix', '7D'), army('M', 'Raider1', '5G')],
      [order('Sai Rei', '3D > 5D'), order('Gix', '7D > 5D'), order('Raider1', '5G > 5D (5G - 5F - 5E - 5D)')],
    );
    expect(positions(out)).toMatchObject({ 'Sai Rei': '5D', Gix: '5D', Raider1: '5E' });
    expect(resultOf(out, 'Raider1')).toMatchObject({ outcome: 'partial', code: 'mercenaryGivesWay' });
  });
});

describe('3.3.6 and 5.4.2: which order counts', () => {
  const players = [
    { name: 'gaz', team: 'coalition', rank: 'captain' },
    { name: 'sam', team: 'coalition', rank: 'lieutenant' },
    { name: 'zed', team: 'coalition', rank: 'lieutenant' },
  ] as const;
  const control = { list: { 'Sai Rei': ['gaz', 'sam'] }, players: [...players] };
  it('3.3.6: the last order by the lock counts; the earlier is superseded', () => {
    const out = turn([army('C', 'Sai Rei', '3D')], [order('Sai Rei', '3D > 4D', 0), order('Sai Rei', '3D > 3E', 5)]);
    expect(positions(out)['Sai Rei']).toBe('3E');
    expect(out.results.map((r) => [r.order, r.outcome, r.code])).toEqual([['3D > 4D', 'rejected', 'superseded'], ['3D > 3E', 'moved', null]]);
  });
  it('3.3.6: two legal controllers both ordering it → all ignored, it does not move', () => {
    const out = turn([army('C', 'Sai Rei', '3D')], [order('Sai Rei', '3D > 4D', 0, 'a', 1, { sender: 'gaz' }), order('Sai Rei', '3D > 3E', 5, 'b', 1, { sender: 'sam' })], { control });
    expect(positions(out)['Sai Rei']).toBe('3D');
    expect(out.results.every((r) => r.code === 'twoControllers')).toBe(true);
  });
  it('5.4.2: an order from someone not controlling the army at the lock is refused', () => {
    const out = turn([army('C', 'Sai Rei', '3D')], [order('Sai Rei', '3D > 4D', 0, 'a', 1, { sender: 'zed' })], { control });
    expect(resultOf(out, 'Sai Rei')).toMatchObject({ outcome: 'rejected', code: 'notController' });
  });
  // prettier-ignore
  it.each([
    ['3.1', '05:00:59 is in', '2026-11-20T05:00:59Z', 'moved'],
    ['3.1', '05:01:00 is out', '2026-11-20T05:01:00Z', 'rejected'],
  ])('%s: %s', (_rule, _what, when, outcome) => {
    const out = turn([army('C', 'Sai Rei', '3D')], [{ army: 'Sai Rei', text: '3D > 4D', at: new Date(when), post: 'p', line: 1 }], { lock: new Date('2026-11-20T05:00:00Z') });
    expect(resultOf(out, 'Sai Rei').outcome).toBe(outcome);
  });
  it('3.2.2.5: an unreadable order is rejected with the parser\'s reason', () => {
    const out = turn([army('C', 'Sai Rei', '3D')], [order('Sai Rei', 'go north please')]);
    expect(resultOf(out, 'Sai Rei')).toMatchObject({ outcome: 'rejected', code: 'unreadable' });
    expect(resultOf(out, 'Sai Rei').reason).toMatch(/is not an order/);
  });
  it('an order for an army not on the map is rejected', () => {
    const out = turn([army('C', 'Sai Rei', '3D')], [order('Nobody', '3D > 4D')]);
    expect(resultOf(out, 'Nobody')).toMatchObject({ outcome: 'rejected', code: 'unknownArmy' });
  });
});

describe('6.3.2 the Raider "After Lock Edit"', () => {
  const lock = new Date('2026-11-20T05:00:00Z');
  const raider = { ...army('M', 'Raider1', '10D'), mercenary: 'raider' as const };
  const other = { ...army('M', 'Raider2', '20D'), mercenary: 'raider' as const };
  const late = (name: string, text: string, minute: number) => order(name, text, 90 + minute, `edit-${minute}`, 1, { afterLockEdit: true });
  it('one Raider move changed after the lock to engage an army: it counts, the earlier order is superseded', () => {
    const out = turn([raider, army('C', 'Sai Rei', '12D')], [order('Raider1', '10D > 9D'), late('Raider1', '10D > 12D; engage Sai Rei', 5)], { lock });
    expect(positions(out).Raider1).toBe('12D');
    expect(out.results.map((r) => [r.order, r.outcome, r.code])).toEqual([['10D > 9D', 'rejected', 'superseded'], ['10D > 12D; engage Sai Rei', 'moved', null]]);
  });
  // prettier-ignore
  it.each([
    ['6.3.2', 'not an engage',       [raider],          [['Raider1', '10D > 11D', 5]],                                                      'an After Lock Edit must be an attempt to engage'],
    ['6.3.2', 'a second edit',       [raider, other],   [['Raider1', '10D > 12D; engage Sai Rei', 5], ['Raider2', '20D > 21D; engage Gix', 6]], 'one After Lock Edit a turn'],
    ['6.3.2', 'not a Raider',        [army('M', 'TDF', '10D')], [['TDF', '10D > 12D; engage Sai Rei', 5]],                                 'only a Raider'],
  ] as const)('%s: %s → refused', (_rule, _what, armies, edits, message) => {
    const out = turn([...armies, army('C', 'Sai Rei', '12D'), army('P', 'Gix', '21D')], edits.map(([a, t, m]) => late(a, t, m)), { lock });
    const refused = out.results.filter((r) => r.code === 'afterLockEdit');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toContain(message);
  });
});
