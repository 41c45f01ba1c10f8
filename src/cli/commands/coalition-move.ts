/**
 * `mailjudge coalition move [--seed TEXT]` (DESIGN.md "The Coalition wargame CLI contract"): one
 * turn's movement, JSON in, JSON out; bad input throws {@link InputError} (exit 2) listing every problem.
 */
import { z } from 'zod';
import { DiceStream, commitment } from '../../dice/index.js';
import { adjudicateMovement, parseWorldMap, readArmies, type Army, type MovementOrder, type MovementUpdate, type WorldMap } from '../../coalition/index.js';
import { InputError, parseJsonText, validate } from '../position-json.js';

const MoveJson = z.object({
  map: z.object({}).passthrough().optional(),
  armies: z.array(z.object({
    name: z.string().trim().min(1, 'an army needs a name'),
    team: z.string(),
    rank: z.string(),
    at: z.string(),
    days: z.number().int().min(0).optional(),
  }).passthrough()),
  orders: z.array(z.object({
    army: z.string().trim().min(1),
    text: z.string(),
    at: z.string(),
    post: z.union([z.string(), z.number()]).transform(String),
    line: z.number().int().min(0),
    sender: z.string().optional(),
    via: z.enum(['post', 'pm']).optional(),
  })).default([]),
  lock: z.string().optional(),
});

function readTime(text: string, where: string, problems: string[]): Date | undefined {
  const ok = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text);
  const d = new Date(text);
  if (!ok || Number.isNaN(d.getTime())) {
    problems.push(`${where}: "${text}" is not a time; write an ISO 8601 instant with its zone, like "2026-11-20T04:59:00Z"`);
    return undefined;
  }
  return d;
}

/** The contract's output: armies, battles, results (and, with `full`, transfers, long moves and the dice). */
export function formatMoveOutput(out: MovementUpdate, dice: DiceStream, full: boolean): object {
  const base = {
    armies: out.armies.map((a) => ({ name: a.name, at: a.at })),
    battles: out.battles.map((b) => ({ square: b.square, armies: [...b.armies], attacker: b.attacker })),
    results: out.results.map((r) => ({ army: r.army, order: r.order, outcome: r.outcome, reason: r.reason })),
  };
  if (!full) return base;
  return {
    ...base,
    transfers: out.transfers,
    carriedMoves: out.carriedMoves,
    rolls: dice.rolls.map((r) => ({ nonce: r.nonce, notation: r.notation, dice: r.dice, total: r.total, purpose: r.purpose })),
    commitment: commitment(dice.seed),
  };
}

/** The `coalition move` input read and checked: the map, armies, orders and lock. Throws {@link InputError} listing every problem. */
export function readCoalitionMoveInput(input: string): { map: WorldMap; armies: Army[]; orders: MovementOrder[]; lock?: Date } {
  const json = validate(MoveJson, parseJsonText(input));
  const problems: string[] = [];
  const parsedMap = parseWorldMap(json.map ?? {});
  if (!parsedMap.ok) problems.push(...parsedMap.problems);
  const armies = readArmies(json.armies, problems);
  const orders: MovementOrder[] = [];
  json.orders.forEach((o, i) => {
    const at = readTime(o.at, `orders[${i}].at`, problems);
    if (at) orders.push({ army: o.army, text: o.text, at, post: o.post, line: o.line, ...(o.sender ? { sender: o.sender } : {}), ...(o.via ? { via: o.via } : {}) });
  });
  const lock = json.lock === undefined ? undefined : readTime(json.lock, 'lock', problems);
  if (problems.length > 0 || !parsedMap.ok) throw new InputError(problems);
  return { map: parsedMap.map, armies, orders, ...(lock ? { lock } : {}) };
}

/** The dice of `coalition move` for a seed (the same for `coalition map`, so both carry out the same turn). */
export function coalitionMoveDice(seed: string | undefined): DiceStream {
  return new DiceStream(seed ?? '', 'coalition-move');
}

/** Run one turn's movement from the JSON text `input`. */
export function runCoalitionMove(input: string, opts: { seed?: string; full?: boolean }): object {
  const { map, armies, orders, lock } = readCoalitionMoveInput(input);
  const dice = coalitionMoveDice(opts.seed);
  const out = adjudicateMovement({ map, armies, ...(lock ? { lock } : {}) }, orders, dice);
  return formatMoveOutput(out, dice, opts.full === true);
}
