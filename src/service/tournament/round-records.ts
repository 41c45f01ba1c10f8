/**
 * A tournament round's games as the pure scorer takes them (src/tournament/advance/score-round.ts),
 * built from the games' own records — nothing typed in twice:
 * - the centre counts at the end of each year from the phase history (B.3: a game still running is
 *   scored on its current counts, carried to the round's end year);
 * - the result by vote (C.5) from the passed draw or concession; a survivor left out of the draw is
 *   eliminated (D.IX(4));
 * - who held each power for which Spring/Fall seasons from the positions history, replacements
 *   included (C.14), temporary stand-ins (B.7) as non-permanent holders (C.15);
 * - the position's team is its starting player's (C.14: the team is credited the full points, a
 *   stand-in or the captain's own replacement from outside the team included); only a reserve taken
 *   from the pool because the captain or team gave no replacement (`positions.from_pool`) costs the
 *   team the position (B.8(e)).
 */
import { findPhases } from '../../db/phases.js';
import { findPositionHistory, type Position } from '../../db/positions.js';
import { findDecidedProposals } from '../../db/proposals.js';
import type { Db } from '../../db/schema.js';
import { findTournamentGames, type Game } from '../../db/games.js';
import { POWERS, parsePhase, type Power } from '../../diplomacy/index.js';
import type { GameEnding, GameHistory } from '../../tournament/score/index.js';
import type { HeldSeat, RoundGame } from '../../tournament/advance/index.js';
import { ROUND_END_YEARS } from '../../tournament/structure/second-round-boards.js';
import { seasonIndex } from '../../tournament/seasons.js';

/** A round's records: its games for the scorer, and what the standings say about each. */
export interface RoundRecords {
  readonly round: number;
  readonly endYear: number;
  readonly games: readonly RoundGame[];
  /** Per game: its board name, status and the last season played (`F1907`), for the reports. */
  readonly boards: readonly { readonly id: string; readonly board: string; readonly status: string; readonly phase: string; readonly closed: boolean }[];
  /** Every game finished or past its end year: the round is closed. */
  readonly closed: boolean;
}

/** Player ids in the pure core are person ids as text. */
export const playerId = (personId: number): string => String(personId);

function countsOf(centers: ReadonlyMap<string, Power>): Record<Power, number> {
  const out = Object.fromEntries(POWERS.map((p) => [p, 0])) as Record<Power, number>;
  for (const owner of centers.values()) out[owner] += 1;
  return out;
}

/** The end of each year played: the position after the Fall (taken from the first state of the next Winter or Spring). */
async function historyOf(db: Db, game: Game, endYear: number): Promise<{ history: GameHistory; seasons: { index: number; at: Date | null }[] }> {
  const phases = await findPhases(db, game.id);
  const years = new Map<number, Record<Power, number>>();
  const seasons: { index: number; at: Date | null }[] = [];
  for (const ph of phases) {
    const p = parsePhase(ph.name);
    if (!p) continue;
    if (p.kind === 'M' && p.year <= endYear) {
      // A season played (adjudicated) or, while the game runs, the one open now.
      if (ph.adjudicatedAt !== null || game.status !== 'finished') seasons.push({ index: seasonIndex(`${p.season}${p.year}`)!, at: ph.adjudicatedAt });
    }
    if (ph.stateAfter === null) continue;
    const next = ph.stateAfter.phase;
    const yearEnded = next.season === 'W' ? next.year : next.season === 'S' ? next.year - 1 : p.season === 'F' && p.year === endYear && game.status === 'finished' ? p.year : undefined;
    if (yearEnded !== undefined && yearEnded >= 1901) years.set(yearEnded, countsOf(ph.stateAfter.centers));
  }
  let ending: GameEnding = { kind: 'played' };
  const passed = (await findDecidedProposals(db, game.id)).filter((d) => d.result === 'passed' && d.proposal.kind !== 'house-rule');
  // The first game-ending vote that passed ends the game (D.IX(2)); C.5 scores it.
  const first = passed[passed.length - 1];
  if (first) {
    const year = parsePhase(first.decidedIn)?.year ?? endYear;
    ending = first.proposal.kind === 'concession'
      ? { kind: 'conceded-solo', power: first.proposal.power, year }
      : { kind: 'vote', year, ...(first.proposal.kind === 'draw' ? { powers: first.proposal.powers } : {}) };
  }
  return { history: { endYear, years: [...years].map(([year, centres]) => ({ year, centres })), ending }, seasons };
}

/** Who acted for a power at instant `at`: an open temporary stand-in first, else the player of record. */
function actingAt(rows: readonly Position[], at: Date): Position | undefined {
  const open = rows.filter((r) => r.startedAt <= at && (r.endedAt === null || r.endedAt > at));
  return open.find((r) => r.kind === 'temporary') ?? open.find((r) => r.kind !== 'temporary');
}

/** A power's holders season by season, as runs of consecutive seasons ({@link HeldSeat}s, the starting player first). */
function seatsOf(rows: readonly Position[], seasons: readonly { index: number; at: Date | null }[], now: Date): HeldSeat[] {
  const runs: { row: Position; from: number; to: number }[] = [];
  for (const s of [...seasons].sort((a, b) => a.index - b.index)) {
    const holder = actingAt(rows, s.at ?? now);
    if (!holder) continue; // civil disorder (B.8(f)): nobody is credited the season
    const last = runs[runs.length - 1];
    if (last && last.row.personId === holder.personId && last.to === s.index - 1) last.to = s.index;
    else runs.push({ row: holder, from: s.index, to: s.index });
  }
  return runs.map((r) => {
    const player = playerId(r.row.personId);
    const temporary = r.row.kind === 'temporary';
    // B.8(e): only a reserve from the pool, placed because the captain or team gave none, costs the team.
    const reserve = r.row.kind === 'permanent' && r.row.fromPool;
    return { player, from: r.from, to: r.to, permanent: !temporary, since: r.row.startedAt.toISOString(), ...(temporary ? { temporary: true } : {}), ...(reserve ? { reserve: true } : {}) };
  });
}

/** Whether a game is over for the round: finished, or its Fall of the end year adjudicated (B.3). */
function gameClosed(game: Game, endYear: number): boolean {
  if (game.status === 'finished') return true;
  const p = parsePhase(game.currentPhase);
  return p !== undefined && (p.year > endYear);
}

/** The round's games built from their records (the end year: the round's, else B.3's). */
export async function loadRoundRecords(db: Db, t: { tournamentId: number; round: number; roundEndYear: number | null; now: Date; teamOf: (player: string) => string | null }): Promise<RoundRecords> {
  const endYear = t.roundEndYear ?? ROUND_END_YEARS[t.round as 1 | 2 | 3 | 4] ?? 1909;
  const games = (await findTournamentGames(db, t.tournamentId)).filter((g) => g.roundNumber === t.round);
  const out: RoundGame[] = [];
  const boards: { id: string; board: string; status: string; phase: string; closed: boolean }[] = [];
  for (const game of games) {
    const gameEnd = game.endYear ?? endYear;
    const { history, seasons } = await historyOf(db, game, gameEnd);
    const rows = await findPositionHistory(db, game.id);
    const seats = Object.fromEntries(POWERS.map((power) => [power, seatsOf(rows.filter((r) => r.power === power), seasons, t.now)])) as Record<Power, HeldSeat[]>;
    // The player each power was dealt at the start (B.5): the team credited the position (C.14).
    const starters: Partial<Record<Power, string>> = {};
    for (const r of rows) if (r.kind === 'original' && starters[r.power] === undefined) starters[r.power] = playerId(r.personId);
    const played = seasons.filter((s) => s.at !== null).map((s) => s.index);
    const lastSeason = played.length > 0 ? Math.max(...played) : seasons.length > 0 ? Math.min(...seasons.map((s) => s.index)) : 0;
    out.push({ id: game.id, history, seats, endedAt: lastSeason, starters });
    boards.push({ id: game.id, board: game.boardName, status: game.status, phase: game.currentPhase, closed: gameClosed(game, gameEnd) });
  }
  return { round: t.round, endYear, games: out, boards, closed: boards.length > 0 && boards.every((b) => b.closed) };
}
