/**
 * Properties of the movement update over random turns on a small corner of the map: no two friendly
 * armies end in one square (3.3.1; the Joint Engage pair of a Joint Engage battle excepted, 3.2.5.2);
 * every order carried out came from a controller at the lock (5.4.2); the same input and seed give the
 * same turn; no army moves more than 3 squares (3.2.2.1); bad orders never throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceStream } from '../../../src/dice/index.js';
import { adjudicateMovement, parseSquare, squareDistance, type Army, type MovementOrder, type Player } from '../../../src/coalition/index.js';
import { PLAIN_MAP } from '../helpers/turn.js';

const COLS = [1, 2, 3, 4, 5, 6];
const ROWS = ['A', 'B', 'C', 'D', 'E', 'F'];
const square = fc.tuple(fc.constantFrom(...COLS), fc.constantFrom(...ROWS)).map(([c, r]) => `${c}${r}`);
const team = fc.constantFrom('coalition', 'phyrexia', 'mercenary' as const);

const players: Player[] = [
  { name: 'c1', team: 'coalition', rank: 'general' }, { name: 'c2', team: 'coalition', rank: 'lieutenant' },
  { name: 'p1', team: 'phyrexia', rank: 'chief-praetor' }, { name: 'p2', team: 'phyrexia', rank: 'centurion' },
  { name: 'm1', team: 'mercenary', rank: 'general' },
];

/** A random position: distinct names, no two friendly armies on one square at the start. */
const armiesArb = fc.array(fc.tuple(team, square), { minLength: 1, maxLength: 9 }).map((list) => {
  const taken = new Set<string>();
  const out: Army[] = [];
  list.forEach(([t, at], i) => {
    if (taken.has(`${t}|${at}`)) return;
    taken.add(`${t}|${at}`);
    const rank = t === 'coalition' ? 'lt-commander' : t === 'phyrexia' ? 'cpl' : '2/2-5/5';
    out.push({ name: `A${i}`, team: t, rank, at });
  });
  return out;
});

function orderText(kind: number, from: string, to: string, other: string, via: string): string {
  switch (kind) {
    case 0: return `${from} > ${to}`;
    case 1: return `${from} > ${to}; engage ${other}`;
    case 2: return `${from} > ${to}; replace ${other}`;
    case 3: return `${from} > ${to}; Joint Engage`;
    case 4: return `Intercept ${other}`;
    case 5: return `Transfer to ${other} at ${to}`;
    case 6: return `${from} > ${to} (${from} - ${via} - ${to})`;
    default: return 'hold';
  }
}

const turnArb = armiesArb.chain((armies) =>
  fc.record({
    armies: fc.constant(armies),
    orders: fc.array(
      fc.record({
        who: fc.nat(armies.length - 1), kind: fc.nat(7), to: square, via: square, other: fc.nat(armies.length - 1),
        minute: fc.nat(120), post: fc.constantFrom('m1', 'm2', 'm3'), line: fc.integer({ min: 1, max: 4 }),
        sender: fc.constantFrom('c1', 'c2', 'p1', 'p2', 'm1', 'nobody'), ownSquare: fc.boolean(),
      }),
      { maxLength: 14 },
    ),
    seed: fc.string({ maxLength: 8 }),
  }).map(({ armies, orders, seed }) => ({
    armies,
    seed,
    orders: orders.map((o, k): MovementOrder => {
      const a = armies[o.who]!;
      return {
        army: a.name,
        text: orderText(o.kind, o.ownSquare ? a.at : o.to, o.to, armies[o.other]!.name, o.via),
        at: new Date(Date.UTC(2026, 10, 20, 3, o.minute)),
        post: o.post,
        line: o.line * 100 + k, // unique within a post, in the order generated
        sender: o.sender,
      };
    }),
  })),
);

const control = (armies: Army[]) => ({
  list: Object.fromEntries(armies.map((a, i) => [a.name, a.team === 'coalition' ? [i % 2 ? 'c1' : 'c2'] : a.team === 'phyrexia' ? [i % 2 ? 'p1' : 'p2'] : ['m1']])),
  players,
});

function run(armies: Army[], orders: MovementOrder[], seed: string) {
  return adjudicateMovement({ map: PLAIN_MAP, armies, control: control(armies), lock: new Date(Date.UTC(2026, 10, 20, 5, 0)) }, orders, new DiceStream(seed, 't'));
}

describe('movement properties', () => {
  it('3.3.1: no two friendly armies end in one square, except a Joint Engage pair in its battle (3.2.5.2)', () => {
    fc.assert(fc.property(turnArb, ({ armies, orders, seed }) => {
      const out = run(armies, orders, seed);
      const bySquare = new Map<string, Army[]>();
      out.armies.forEach((a, i) => bySquare.set(`${armies[i]!.team}|${a.at}`, [...(bySquare.get(`${armies[i]!.team}|${a.at}`) ?? []), armies[i]!]));
      for (const [k, list] of bySquare) {
        if (list.length < 2) continue;
        const sq = k.split('|')[1];
        const battle = out.battles.find((b) => b.square === sq);
        expect(list.length, `${k}: ${list.map((a) => a.name).join(', ')}`).toBe(2);
        expect(battle?.jointEngage, `${k} shared outside a Joint Engage battle`).toBe(true);
      }
    }), { numRuns: Number(process.env.COALITION_RUNS ?? 400) });
  });

  it('5.4.2: every order carried out came from a controller of its army at the lock', () => {
    fc.assert(fc.property(turnArb, ({ armies, orders, seed }) => {
      const out = run(armies, orders, seed);
      const list = control(armies).list;
      for (const r of out.results) {
        if (r.outcome === 'rejected') continue;
        const o = orders.find((x) => x.post === r.post && x.line === r.line && x.army === r.army && x.text === r.order)!;
        expect(list[r.army]).toContain(o.sender);
      }
    }), { numRuns: 300 });
  });

  it('the same input and seed give the same turn, dice included', () => {
    fc.assert(fc.property(turnArb, ({ armies, orders, seed }) => {
      const d1 = new DiceStream(seed, 't');
      const d2 = new DiceStream(seed, 't');
      const st = { map: PLAIN_MAP, armies, control: control(armies) };
      expect(adjudicateMovement(st, orders, d2)).toEqual(adjudicateMovement(st, orders, d1));
      expect(d2.rolls).toEqual(d1.rolls);
    }), { numRuns: 200 });
  });

  it('3.2.2.1: no army ends more than 3 squares from where it started; every order gets one result', () => {
    fc.assert(fc.property(turnArb, ({ armies, orders, seed }) => {
      const out = run(armies, orders, seed);
      for (const a of out.armies) expect(squareDistance(parseSquare(a.from)!, parseSquare(a.at)!)).toBeLessThanOrEqual(3);
      expect(out.results).toHaveLength(orders.length);
    }), { numRuns: 300 });
  });

  it('any text as an order never throws and gets exactly one result', () => {
    fc.assert(fc.property(armiesArb, fc.array(fc.tuple(fc.nat(8), fc.string({ maxLength: 40 })), { maxLength: 6 }), (armies, texts) => {
      const orders = texts.map(([who, text], k): MovementOrder => ({ army: armies[who % armies.length]!.name, text, at: new Date(Date.UTC(2026, 10, 20, 4, k)), post: 'm', line: k + 1 }));
      const out = adjudicateMovement({ map: PLAIN_MAP, armies }, orders, new DiceStream('x', 't'));
      expect(out.results).toHaveLength(orders.length);
    }), { numRuns: 300 });
  });
});
