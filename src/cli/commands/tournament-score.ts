/**
 * `mailjudge tournament score` (DESIGN.md "The tournament CLI contracts"): finished games on stdin,
 * each power's centres, bonus and score (C.1–C.5; a survivor left out of a draw is eliminated, D.IX(4))
 * and each holder's pro-rated score (C.14) on stdout. A period may say `"temporary": true` (a B.7
 * stand-in: the player of record keeps the position, and a one-season absence is not pro-rated).
 * Pure; bad input exits 2 with `{error, problems}` listing every problem.
 */
import { z } from 'zod';
import { POWERS, type Power } from '../../diplomacy/index.js';
import { formatSeason, seasonIndex } from '../../tournament/seasons.js';
import { SOLO_CENTRES, SOLO_THRESHOLD, checkResult, scoreTournamentGame, type GameResult, validatePeriods, type ScoredGame, type SeatPeriod, type TournamentGame } from '../../tournament/score/index.js';
import { InputError, parseJsonText } from '../position-json.js';

const PeriodJson = z.object({ player: z.string().trim().min(1, 'give the player'), from: z.string(), to: z.string(), temporary: z.boolean().optional() }).strict();

const ResultJson = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('draw'), powers: z.array(z.string()).min(1, 'name the powers in the draw') }).strict(),
  z.object({ kind: z.literal('concession'), power: z.string() }).strict(),
], { error: 'a result is {"kind": "draw", "powers": [...]} or {"kind": "concession", "power": "..."} (absent: played to the end year)' });

const ScoreJson = z.object({
  games: z.array(
    z.object({
      id: z.string().trim().min(1, 'give the game id'),
      endYear: z.number().int().min(1901, 'a year from 1901 (B.3: 1909, 1912 or 1915)').max(2000, 'a year to 2000 (B.3: 1909, 1912 or 1915)'),
      centres: z.record(z.string(), z.number().int().min(0).max(SOLO_CENTRES)),
      solo: z.string().nullable().optional(),
      result: ResultJson.optional(),
      players: z.record(z.string(), z.array(PeriodJson)).optional(),
    }).strict(),
  ),
}).strict();

function readPower(name: string, where: string, problems: string[]): Power | undefined {
  const p = name.trim().toUpperCase() as Power;
  if (POWERS.includes(p)) return p;
  problems.push(`${where}: unknown power "${name}" (one of ${POWERS.join(', ')})`);
  return undefined;
}

function readSeason(text: string, where: string, problems: string[]): number | undefined {
  const i = seasonIndex(text);
  if (i === undefined) problems.push(`${where}: "${text}" is not a Spring or Fall season (S1901, F1906)`);
  return i;
}

type GameJson = z.infer<typeof ScoreJson>['games'][number];

function readGame(g: GameJson, at: string, problems: string[]): TournamentGame | undefined {
  const before = problems.length;
  const centres: Partial<Record<Power, number>> = {};
  for (const [name, n] of Object.entries(g.centres)) {
    const p = readPower(name, `${at}.centres`, problems);
    if (p === undefined) continue;
    if (centres[p] !== undefined) problems.push(`${at}.centres: ${p} is given twice`);
    centres[p] = n;
  }
  const missing = POWERS.filter((p) => centres[p] === undefined);
  if (missing.length > 0) problems.push(`${at}.centres: give all seven powers' final counts (0 = eliminated); missing ${missing.join(', ')}`);
  const total = Object.values(centres).reduce((a, b) => a + b, 0);
  if (total > SOLO_CENTRES) problems.push(`${at}.centres: the counts add up to ${total}, more than the board's ${SOLO_CENTRES} centres`);

  let solo: Power | null = null;
  if (g.solo !== undefined && g.solo !== null) solo = readPower(g.solo, `${at}.solo`, problems) ?? null;
  const reached = POWERS.find((p) => (centres[p] ?? 0) >= SOLO_THRESHOLD);
  if (solo !== null && centres[solo] === 0) problems.push(`${at}.solo: ${solo} has 0 centres and cannot have the solo`);
  if (solo !== null && reached !== undefined && reached !== solo) problems.push(`${at}.solo: ${reached} has ${centres[reached]} centres, a solo (C.4), but solo names ${solo}`);

  const players: Partial<Record<Power, SeatPeriod[]>> = {};
  for (const [name, list] of Object.entries(g.players ?? {})) {
    const p = readPower(name, `${at}.players`, problems);
    if (p === undefined) continue;
    const periods: SeatPeriod[] = [];
    list.forEach((period, i) => {
      const where = `${at}.players.${p}[${i}]`;
      const from = readSeason(period.from, `${where}.from`, problems);
      const to = readSeason(period.to, `${where}.to`, problems);
      if (from !== undefined && to !== undefined) periods.push({ player: period.player.trim(), from, to, ...(period.temporary ? { temporary: true } : {}) });
    });
    problems.push(...validatePeriods(periods, g.endYear, `${at}.players.${p}`));
    players[p] = periods;
  }
  // One player cannot hold two powers of a game in the same season.
  const held = new Map<string, { power: Power; season: number }>();
  for (const p of POWERS) {
    for (const period of players[p] ?? []) {
      for (let s = period.from; s <= period.to; s++) {
        const other = held.get(`${period.player}@${s}`);
        if (other && other.power !== p) {
          problems.push(`${at}.players: ${period.player} holds both ${other.power} and ${p} in ${formatSeason(s)}`);
          break;
        }
        held.set(`${period.player}@${s}`, { power: p, season: s });
      }
    }
  }
  // D.IX(3),(4), C.5: how the game ended by vote.
  let result: GameResult | undefined;
  if (g.result?.kind === 'draw') {
    const powers = g.result.powers.map((name) => readPower(name, `${at}.result.powers`, problems));
    if (powers.every((p): p is Power => p !== undefined)) result = { kind: 'draw', powers };
  } else if (g.result?.kind === 'concession') {
    const power = readPower(g.result.power, `${at}.result.power`, problems);
    if (power !== undefined) result = { kind: 'concession', power };
  }
  if (result && missing.length === 0) problems.push(...checkResult(centres as Record<Power, number>, solo, result, `${at}.result`));
  if (problems.length > before) return undefined;
  return { id: g.id.trim(), endYear: g.endYear, centres: centres as Record<Power, number>, solo, players, ...(result ? { result } : {}) };
}

/** `games[0].centres.FRANCE`, the way the other problems name fields. */
function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(input)';
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i > 0 ? '.' : ''}${String(k)}`)).join('');
}

/** Score the games of `input` (JSON text). Throws {@link InputError} with every problem. */
export function runTournamentScore(input: string): { games: ScoredGame[] } {
  const parsed = ScoreJson.safeParse(parseJsonText(input));
  if (!parsed.success) throw new InputError(parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`));
  const json = parsed.data;
  const problems: string[] = [];
  const seen = new Set<string>();
  const games: TournamentGame[] = [];
  json.games.forEach((g, i) => {
    const at = `games[${i}]`;
    if (seen.has(g.id.trim())) problems.push(`${at}.id: "${g.id}" is given twice`);
    seen.add(g.id.trim());
    const game = readGame(g, at, problems);
    if (game) games.push(game);
  });
  if (problems.length > 0) throw new InputError(problems);
  return { games: games.map(scoreTournamentGame) };
}
