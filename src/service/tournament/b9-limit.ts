/**
 * B.9 at the moment a replacement is recorded: "No player will be permitted to be a permanent player
 * in more than three games in any one round, nor shall he be permitted to play as a permanent player
 * and temporary replacement for a total of more than three games at any one time." The arithmetic is
 * the pure `checkB9` (src/tournament/teams/); this module reads the player's holdings in every game
 * of the same tournament round.
 *
 * B.9 itself names no exception. The rules give the TD "overseeing any non game specific issues"
 * (A.3(iv)) and the judgement on substitutions (B.10), so the TD may let one through with a stated
 * reason (`mailjudge replace … --override-b9 "<reason>"`), which is audit-logged; no one else can.
 */
import type { Game } from '../../db/games.js';
import type { Person } from '../../db/people.js';
import type { Trx } from '../../db/schema.js';
import { findTournament } from '../../db/tournaments.js';
import { checkB9, type Commitment } from '../../tournament/teams/index.js';

export interface B9Refusal {
  /** One sentence for the GM or the TD: who, which games of the round he holds, the rule. */
  readonly message: string;
  readonly problems: readonly string[];
  readonly heldGames: readonly string[];
}

/** Why `person` may not take a `kind` holding in `game` from `at` (B.9); undefined when he may, or the game is in no tournament round. */
export async function b9Refusal(trx: Trx, game: Game, person: Person, kind: 'permanent' | 'temporary', at: Date): Promise<B9Refusal | undefined> {
  if (game.tournamentId === null || game.roundNumber === null) return undefined;
  const rows = await trx.selectFrom('positions').innerJoin('games', 'games.id', 'positions.game_id')
    .select(['positions.game_id', 'positions.kind', 'positions.started_at', 'positions.ended_at'])
    .where('games.tournament_id', '=', game.tournamentId).where('games.round_number', '=', game.roundNumber)
    .where('positions.person_id', '=', person.id).where('positions.game_id', '!=', game.id)
    .execute();
  const label = `${person.name} <${person.email}>`;
  const round: Commitment[] = rows.map((r) => ({
    player: label, game: r.game_id, kind: r.kind === 'temporary' ? 'temporary' : 'permanent',
    from: r.started_at.toISOString(), to: r.ended_at ? r.ended_at.toISOString() : null,
  }));
  const problems = checkB9(round, { player: label, game: game.id, kind, from: at.toISOString(), to: null });
  if (problems.length === 0) return undefined;
  const tournament = await findTournament(trx, game.tournamentId);
  const held = rows.filter((r) => r.ended_at === null || r.ended_at > at);
  const heldGames = [...new Set(held.map((r) => `${r.game_id} (${r.kind === 'temporary' ? 'temporary' : 'permanent'})`))].sort();
  const message = `${label} already holds ${heldGames.length > 0 ? heldGames.join(', ') : 'no other game'} in round ${game.roundNumber} of ${tournament?.slug ?? 'the tournament'}; ` +
    `taking ${game.id} (${kind}) would break B.9 (no player is permanent in more than three games of a round, nor plays more than three at once as permanent player and temporary replacement): ${problems.join('; ')}`;
  return { message, problems, heldGames };
}
