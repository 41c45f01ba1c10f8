/** 3.2.4.2, 3.2.4.3: transfers with the mailed creatures, and their timing. */
import { describe, expect, it } from 'vitest';
import { carryOutTransfers, deliverAfterBattle, type Army } from '../../../src/coalition/index.js';

const army = (name: string, at: string, creature: string, alive: number): Army => ({
  name, team: 'coalition', rank: 'lieutenant', at, colours: ['red'],
  troops: [{ creature, colours: ['red'], power: 1, toughness: 1, slot: 0, count: 5000, alive }],
});
const armies = [army('A', '3D', 'Goblins', 5000), army('B', '4D', 'Goblins', 2000)];
const alive = (as: readonly Army[], name: string) => as.find((a) => a.name === name)!.troops!.reduce((n, t) => n + t.alive, 0);

describe('transfers', () => {
  it('3.2.4.2: without a mail detailing the creatures the transfer does nothing', () => {
    const r = carryOutTransfers(armies, [{ from: 'A', to: 'B', when: 'now' }], new Map());
    expect(r.armies).toEqual(armies);
    expect(r.notes).toEqual(['A → B: no mail detailing the creatures, so the transfer does nothing (3.2.4.2)']);
  });
  it('3.2.4.3.1: in the update', () => {
    const r = carryOutTransfers(armies, [{ from: 'A', to: 'B', when: 'now' }], new Map([['a', [{ creature: 'Goblins', count: 1000 }]]]));
    expect([alive(r.armies, 'A'), alive(r.armies, 'B')]).toEqual([4000, 3000]);
  });
  it('2.3.3: a receiver without room refuses it', () => {
    const r = carryOutTransfers(armies, [{ from: 'A', to: 'B', when: 'now' }], new Map([['a', [{ creature: 'Goblins', count: 3500 }]]]));
    expect(r.armies).toEqual(armies);
    expect(r.notes[0]).toContain('not carried out');
  });
  it('3.2.4.3.3/4: the sender loses them now; the receiver gets them only if it wins', () => {
    const r = carryOutTransfers(armies, [{ from: 'A', to: 'B', when: 'if-wins' }], new Map([['a', [{ creature: 'Goblins', count: 1000 }]]]));
    expect([alive(r.armies, 'A'), alive(r.armies, 'B')]).toEqual([4000, 2000]);
    const won = deliverAfterBattle(r.armies, r.pending, { armies: ['B', 'Gix'], winners: ['B'], killed: [] });
    expect(alive(won.armies, 'B')).toBe(3000);
    const lost = deliverAfterBattle(r.armies, r.pending, { armies: ['B', 'Gix'], winners: ['Gix'], killed: [] });
    expect(alive(lost.armies, 'B')).toBe(2000);
    expect(lost.notes).toEqual(['the 1000 Goblins sent by A to B are killed: B lost its battle (3.2.4.3.3)']);
    expect(deliverAfterBattle(r.armies, r.pending, { armies: ['C', 'Gix'], winners: ['C'], killed: [] }).pending).toHaveLength(1);
  });
  it('3.2.4.3.2: attacked this turn: at the end of its battle, won or lost', () => {
    const r = carryOutTransfers(armies, [{ from: 'A', to: 'B', when: 'after-battle' }], new Map([['a', [{ creature: 'Goblins', count: 500 }]]]));
    expect(alive(deliverAfterBattle(r.armies, r.pending, { armies: ['B', 'Gix'], winners: ['Gix'], killed: [] }).armies, 'B')).toBe(2500);
  });
});
