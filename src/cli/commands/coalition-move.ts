/**
 * `mailjudge coalition move [--seed TEXT]` (DESIGN.md "The Coalition wargame CLI contract"): one
 * turn's movement, JSON in, JSON out; bad input throws {@link InputError} (exit 2) listing every problem.
 */
import { z } from 'zod';
import { DiceStream, commitment } from '../../dice/index.js';
import { adjudicateMovement, isArmyRankOf, parseSquare, parseWorldMap, TEAMS, MERCENARY_RANKS, keyOf, type Army, type ArmyRank, type MovementOrder, type MovementUpdate, type Team } from '../../coalition/index.js';
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

/** `1/1`, `1/1-4/4`: a mercenary army's rank by the size of its smallest slot (chapter 6). */
function mercenaryRank(rank: string): ArmyRank | undefined {
  const r = rank.replace(/\s+/g, '');
  return MERCENARY_RANKS.find((m) => m === r || m.startsWith(`${r}-`));
}

/** Ranks as players write them: `Lt Cmdr`, `Lt.`, `Chief Praetor`, `CP` (1.1). */
const RANK_ALIASES: Record<string, string> = {
  lt: 'lieutenant', 'lt-cmdr': 'lt-commander', ltcmdr: 'lt-commander', 'lieutenant-commander': 'lt-commander', 'lt-cmdr-': 'lt-commander',
  cp: 'chief-praetor', chiefpraetor: 'chief-praetor', cmdr: 'commander', capt: 'captain',
};

function rankAlias(rank: string): string {
  const r = rank.trim().toLowerCase().replace(/[\s._]+/g, '-').replace(/-+$/, '');
  return RANK_ALIASES[r] ?? r;
}

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

/** Run one turn's movement from the JSON text `input`. */
export function runCoalitionMove(input: string, opts: { seed?: string; full?: boolean }): object {
  const json = validate(MoveJson, parseJsonText(input));
  const problems: string[] = [];
  const parsedMap = parseWorldMap(json.map ?? {});
  if (!parsedMap.ok) problems.push(...parsedMap.problems);
  const armies: Army[] = [];
  const names = new Set<string>();
  json.armies.forEach((a, i) => {
    const where = `armies[${i}]`;
    const team = a.team.trim().toLowerCase();
    if (!(TEAMS as readonly string[]).includes(team)) problems.push(`${where}.team: "${a.team}" is not a team (coalition, phyrexia or mercenary)`);
    const sq = parseSquare(a.at);
    if (!sq) problems.push(`${where}.at: "${a.at}" is not a square; a square is its column number 1–38, then its row letter A–N (1.2), like "3D"`);
    const rankText = rankAlias(a.rank);
    let rank: ArmyRank | undefined;
    if ((TEAMS as readonly string[]).includes(team)) {
      rank = team === 'mercenary' ? mercenaryRank(a.rank) : isArmyRankOf(rankText, team as Team) ? rankText : undefined;
      if (!rank) {
        problems.push(team === 'mercenary'
          ? `${where}.rank: "${a.rank}" is not a mercenary rank (${MERCENARY_RANKS.join(', ')})`
          : `${where}.rank: "${a.rank}" is not a ${team} army rank (${team === 'coalition' ? 'general, admiral, captain, commander, lt-commander, lieutenant' : 'chief-praetor, praetor, evincar, plaguelord, cpl, centurion'})`);
      }
    }
    const k = a.name.trim().toLowerCase();
    if (names.has(k)) problems.push(`${where}.name: two armies are named "${a.name}"`);
    names.add(k);
    if (sq && rank) armies.push({ name: a.name.trim(), team: team as Team, rank, at: keyOf(sq), ...(a.days !== undefined ? { days: a.days } : {}) });
  });
  const orders: MovementOrder[] = [];
  json.orders.forEach((o, i) => {
    const at = readTime(o.at, `orders[${i}].at`, problems);
    if (at) orders.push({ army: o.army, text: o.text, at, post: o.post, line: o.line, ...(o.sender ? { sender: o.sender } : {}), ...(o.via ? { via: o.via } : {}) });
  });
  const lock = json.lock === undefined ? undefined : readTime(json.lock, 'lock', problems);
  if (problems.length > 0 || !parsedMap.ok) throw new InputError(problems);
  const dice = new DiceStream(opts.seed ?? '', 'coalition-move');
  const out = adjudicateMovement({ map: parsedMap.map, armies, ...(lock ? { lock } : {}) }, orders, dice);
  return formatMoveOutput(out, dice, opts.full === true);
}
