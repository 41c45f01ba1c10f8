/**
 * `mailjudge calendar <game> <game> …`: one calendar change for several games at once (a tournament
 * round's boards). Each game is changed exactly as `mailjudge calendar <game>` changes it, by the same
 * {@link runCalendarSettings}: its own transaction, its own replay-log and audit entries, its own mail
 * to its players and GM, its own checks (D.VII(4)(a): a turn under the minimum needs that game's
 * players' consent). A game refused changes nothing of its own and holds back none of the others; the
 * result names every game, and lists the refusals (exit code 2) after what was done.
 */
import type { Db } from '../../db/schema.js';
import type { CommandResult, RunContext } from '../command-result.js';
import { runCalendarSettings, type SettingsArgs } from './settings.js';

/** What one game of several came to: the single command's own result. */
export interface GameOutcome {
  readonly gameId: string;
  readonly result: CommandResult;
}

/**
 * Run the same settings on every game in turn, in the order given. Never throws for a refused game
 * (its problems are in the result); a database failure is thrown, as the single command's is, and the
 * games before it stay changed (each committed on its own).
 */
export async function runCalendarSettingsForGames(db: Db, gameIds: readonly string[], settings: Omit<SettingsArgs, 'gameId'>, ctx: RunContext): Promise<CommandResult> {
  const outcomes: GameOutcome[] = [];
  for (const gameId of gameIds) outcomes.push({ gameId, result: await runCalendarSettings(db, { gameId, ...settings }, ctx) });
  return combineGameOutcomes(outcomes);
}

/**
 * The outcomes as one command's output (pure): each game's text in order (a refused game as
 * `<game>: refused, nothing changed`) and a last line counting them; JSON `{games, refused}` with each
 * game's JSON as the single command prints it (`{game, problems}` when refused), and `error` and
 * `problems` (each problem led by its game) when any was refused.
 */
export function combineGameOutcomes(outcomes: readonly GameOutcome[]): CommandResult {
  const refused = outcomes.filter((o) => !o.result.ok).map((o) => o.gameId);
  const problems = outcomes.flatMap((o) => (o.result.ok ? [] : o.result.problems.map((p) => `${o.gameId}: ${p}`)));
  const done = outcomes.length - refused.length;
  const n = (k: number) => `${k} game${k === 1 ? '' : 's'}`;
  const text = [
    ...outcomes.map((o) => (o.result.ok ? o.result.text : `${o.gameId}: refused, nothing changed`)),
    `${n(outcomes.length)}: ${done} done, ${refused.length} refused${refused.length > 0 ? ` (${refused.join(', ')})` : ''}`,
  ].join('\n\n');
  const json = {
    games: outcomes.map((o) => (o.result.ok ? o.result.json : { game: o.gameId, problems: o.result.problems })),
    refused,
    ...(problems.length > 0 ? { error: problems[0], problems } : {}),
  };
  return { ok: true, text, json, ...(problems.length > 0 ? { refused: problems } : {}) };
}
