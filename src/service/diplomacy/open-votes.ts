/**
 * The votes an early adjudication waits for (D.IX(2): "Votes will be due simultaneously with the next
 * due date for orders"): the open proposals due with the open turn's deadline on which some remaining
 * player has not voted yet. Each is described as the players were told of it; who has not voted, and
 * how anyone voted, is never returned (D.IX(2)).
 */
import { findBallots, findOpenProposals, type StoredProposal } from '../../db/proposals.js';
import type { Db } from '../../db/schema.js';
import type { GameState } from '../../diplomacy/index.js';
import { votesMissing } from '../../diplomacy/conduct/votes.js';
import { survivors } from './powers-to-order.js';
import { describeProposal } from './vote-intake.js';

/** The descriptions of the proposals whose votes are not all in, oldest first (`open`: the game's open proposals, if read already). */
export async function findVotesOutstanding(db: Db, gameId: string, state: GameState, deadline: Date, open?: readonly StoredProposal[]): Promise<string[]> {
  const alive = survivors(state);
  const out: string[] = [];
  // `open`: the game's open proposals, when the caller has just read them (issue 29).
  for (const p of open ?? (await findOpenProposals(db, gameId))) {
    if (p.proposedAt.getTime() > deadline.getTime()) continue; // due with the next deadline
    if (votesMissing(await findBallots(db, p.id), alive, deadline).length > 0) out.push(describeProposal(p.proposal));
  }
  return out;
}
