/**
 * Armies as a judge writes them in JSON (the `coalition move` input, a round's army file): name,
 * team, rank (the seed's, or a mercenary's size), square, optional day count and any further army
 * fields (troops, colours, …) passed through. Pure; every problem named with where it is.
 */
import { keyOf, parseSquare } from '../world/square.js';
import { TEAMS, type Team } from '../world/map.js';
import type { Army } from './army.js';
import { isArmyRankOf, MERCENARY_RANKS, type ArmyRank } from './ranks.js';

export interface ArmyJson {
  readonly name: string;
  readonly team: string;
  readonly rank: string;
  readonly at: string;
  readonly days?: number | undefined;
  readonly [field: string]: unknown;
}

/** `1/1`, `1/1-4/4`: a mercenary army's rank by the size of its smallest slot (chapter 6). */
export function mercenaryRank(rank: string): ArmyRank | undefined {
  const r = rank.replace(/\s+/g, '');
  return MERCENARY_RANKS.find((m) => m === r || m.startsWith(`${r}-`));
}

/** Ranks as players write them: `Lt Cmdr`, `Lt.`, `Chief Praetor`, `CP` (1.1). */
const RANK_ALIASES: Record<string, string> = {
  lt: 'lieutenant', 'lt-cmdr': 'lt-commander', ltcmdr: 'lt-commander', 'lieutenant-commander': 'lt-commander', 'lt-cmdr-': 'lt-commander',
  cp: 'chief-praetor', chiefpraetor: 'chief-praetor', cmdr: 'commander', capt: 'captain',
};

export function rankAlias(rank: string): string {
  const r = rank.trim().toLowerCase().replace(/[\s._]+/g, '-').replace(/-+$/, '');
  return RANK_ALIASES[r] ?? r;
}

/** The armies of `input`; problems (naming `armies[i].field`) pushed onto `problems`. */
export function readArmies(input: readonly ArmyJson[], problems: string[]): Army[] {
  const armies: Army[] = [];
  const names = new Set<string>();
  input.forEach((a, i) => {
    const where = `armies[${i}]`;
    const team = a.team.trim().toLowerCase();
    if (!(TEAMS as readonly string[]).includes(team)) problems.push(`${where}.team: "${a.team}" is not a team (coalition, phyrexia or mercenary)`);
    const sq = parseSquare(a.at);
    if (!sq) problems.push(`${where}.at: "${a.at}" is not a square; a square is its row number 1–38, then its column letter A–N (1.2), like "3D"`);
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
    // Troops as chapter 2 has them: checked for shape here (the rules of 2.1/2.2 are validateArmy's).
    const troops = (a as { troops?: unknown }).troops;
    if (troops !== undefined) {
      if (!Array.isArray(troops)) problems.push(`${where}.troops: a list of {creature, colours, power, toughness, slot, count, alive}`);
      else troops.forEach((t: unknown, j) => {
        const x = t as Record<string, unknown>;
        const bad = typeof x !== 'object' || x === null || typeof x['creature'] !== 'string' || !Array.isArray(x['colours'])
          || ![x['power'], x['toughness'], x['count'], x['alive']].every((n) => Number.isInteger(n) && (n as number) >= 0)
          || ![0, 1, 2, 3].includes(x['slot'] as number) || (x['alive'] as number) > (x['count'] as number);
        if (bad) problems.push(`${where}.troops[${j}]: {creature, colours (e.g. ["red"]), power, toughness, slot 0-3, count, alive <= count}, whole numbers`);
      });
    }
    // The further fields (troops, colours, legend, proxy, mercenary, …) are passed through, as the header says.
    const { name: _n, team: _t, rank: _r, at: _a, days: _d, ...rest } = a;
    if (sq && rank) armies.push({ ...(rest as Partial<Army>), name: a.name.trim(), team: team as Team, rank, at: keyOf(sq), ...(a.days !== undefined ? { days: a.days } : {}) });
  });
  return armies;
}
