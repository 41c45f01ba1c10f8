/** The turn's movement update as the service calls it (3.1), the acknowledgement check (3.2.2.2), and the texts. */
import { describe, expect, it } from 'vitest';
import { checkOrders, formatBattleOutcome, formatMovementUpdate, resolveBattle, updateTurn, type WorldMap } from '../../../src/coalition/index.js';
import { DiceStream } from '../../../src/dice/index.js';
import { army, order } from '../helpers/turn.js';

const map: WorldMap = { terrain: {}, defaultTerrain: 'plains', sites: { '20C': { kind: 'portal', team: 'phyrexia' } } };

describe('updateTurn', () => {
  it('1.7.1 / 6.3.2: moves, day counts, a portal destroyed after 4 days, and the Raider roll, all on the record', () => {
    const armies = [{ ...army('C', 'Urza', '20C', 'general'), days: 4 }, army('P', 'Gix', '30C', 'chief-praetor'), army('C', 'Sai Rei', '3D')];
    const out = updateTurn({ map, armies }, [order('Sai Rei', '3D > 6D'), order('Urza', 'hold')], new DiceStream('s', 'turn-7'));
    expect(out.movement.armies.map((a) => a.at)).toEqual(['20C', '30C', '6D']);
    expect(out.destroyed).toEqual([{ square: '20C', by: 'Urza' }]);
    expect(out.counts[0]).toMatchObject({ army: 'Urza', days: 5, purpose: 'destroy' });
    expect(out.winner).toBeNull();
    expect(out.rolls.map((r) => r.purpose)).toContain('Raider spawn: 3 in 20 with 0 Raiders (6.3.2)');
    expect(out.rolls.length).toBe(out.raiderSpawn === null ? 1 : 2);
  });
});

describe('checkOrders (the acknowledgement)', () => {
  it('3.2.2.2: a move onto an enemy without engage is refused at once, with the reason the update would give', () => {
    const armies = [army('C', 'Sai Rei', '3D'), army('P', 'Gix', '5D')];
    const checks = checkOrders({ map, armies }, [order('Sai Rei', '3D > 5D'), order('Sai Rei', '3D > 5D; engage Gix')]);
    expect(checks.map((c) => [c.accepted, c.code])).toEqual([[false, 'missingEngage'], [true, null]]);
  });
});

describe('texts', () => {
  it('the movement update lists positions, day counts, orders not carried out, battles', () => {
    const armies = [army('C', 'Sai Rei', '3D'), army('P', 'Gix', '5D'), army('C', 'Darkhand5', '7D')];
    const out = updateTurn({ map, armies }, [order('Sai Rei', '3D > 5D; engage Gix'), order('Darkhand5', '7D > 8D > 30D')], new DiceStream('s', 't'));
    expect(formatMovementUpdate(out.movement, out.counts)).toBe([
      'Positions:',
      '  Sai Rei: 3D > 5D',
      '  Gix: at 5D',
      '  Darkhand5: at 7D',
      '',
      'Orders not carried out in full:',
      '  Darkhand5: 7D > 8D > 30D — rejected: too far: 8D to 30D is 22 squares; an army moves at most 3 a turn, N/S and E/W only (3.2.2.1), so post each turn\'s step separately (3.2.2.3): write "Darkhand5: 7D > 8D > 11D > 14D > 17D > 20D > 23D > 26D > 29D > 30D"',
      '',
      'Battles:',
      '  5D: Sai Rei attacks Gix',
      '',
    ].join('\n'));
  });
  it('a battle result gives every die, the bonuses, the winner and where the loser went', () => {
    const sai = { ...army('C', 'Sai Rei', '5D'), troops: [{ creature: 'Kris Mage', colours: ['red'] as const, power: 1, toughness: 1, slot: 0 as const, count: 5000, alive: 5000 }] };
    const o = resolveBattle({ battle: { square: '5D', armies: ['Sai Rei', 'Gix'], attacker: 'Sai Rei', jointEngage: false }, map, armies: [sai, army('P', 'Gix', '5D')] }, { stratless: ['Gix'] }, new DiceStream('s', 'b'));
    const text = formatBattleOutcome(o);
    expect(text).toMatch(/^Battle at 5D: coalition wins \(the other side sent no strategy, 4\.2\.4\)\n/);
    expect(text).toMatch(/coalition: Sai Rei — rolls Sai Rei \d+ \d+ \d+ \d+ \(\+1 colour\); bonus \+10;/);
    expect(text).toMatch(/phyrexia: Gix \(stratless\)/);
    expect(text).toMatch(/Gix moves to \d+[A-N]/);
  });
});
