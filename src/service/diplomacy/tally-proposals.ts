/**
 * The votes due at a deadline (D.IX): every proposal made before it and not yet decided is tallied
 * with the pure rule `tallyVote` (unanimity of survivors; an NMR'd player's uncast vote on a game-end
 * proposal at a movement deadline is a yes) and its result recorded. Only the result is returned for
 * publication, never a count or a vote (D.IX(2)). An adjudication before the deadline (the GM's
 * override of D.VII(2)) decides only proposals every remaining player has voted on; the others stay
 * open until the next deadline.
 */
import type { Db } from '../../db/schema.js';
import { findBallots, findOpenProposals, insertProposalResult, type StoredProposal } from '../../db/proposals.js';
import type { GameState, Power } from '../../diplomacy/index.js';
import { collectVotes, proposalAtAdjudication, tallyVote, votePublication, votesMissing, type Proposal, type VoteResult } from '../../diplomacy/conduct/votes.js';
import { survivors } from './powers-to-order.js';
import { findGmAnswer } from '../../db/proposal-gm-answers.js';

export interface TalliedProposal {
  readonly proposalId: number;
  readonly proposal: Proposal;
  readonly result: VoteResult;
  /** The one sentence published. */
  readonly text: string;
  /** A passed draw or concession: the game ends instead of the adjudication (D.IX(2)). */
  readonly endsGame: boolean;
}

/** Tally and record the proposals due at `deadline`; the first passed game-end proposal, if any, ends the game. */
export async function tallyDueProposals(
  db: Db,
  t: { gameId: string; phase: string; deadline: Date; state: GameState; nmrPowers: readonly Power[]; now: Date; open?: readonly StoredProposal[] },
): Promise<{ results: TalliedProposal[]; ending: TalliedProposal | undefined; carried: number[] }> {
  const alive = survivors(t.state);
  const results: TalliedProposal[] = [];
  const carried: number[] = [];
  // `t.open`: the game's open proposals, when the caller has just read them in this transaction (issue 29).
  for (const open of t.open ?? (await findOpenProposals(db, t.gameId))) {
    const ballots = await findBallots(db, open.id);
    // D.IX(2): votes are due with the deadline; an adjudication before it decides only a complete vote.
    const when = proposalAtAdjudication({ proposedAt: open.proposedAt, deadline: t.deadline, now: t.now, missing: votesMissing(ballots, alive, t.deadline) });
    if (when === 'later') continue; // due with the next deadline
    if (when === 'carry') { carried.push(open.id); continue; }
    const votes = collectVotes(ballots, t.deadline);
    const result = tallyVote({
      proposal: open.proposal,
      survivors: alive,
      votes,
      nmrPowers: new Set(t.nmrPowers),
      voteDeadlineIsMovementDeadline: t.state.phase.kind === 'M',
      // D.IX(5): the GM's own agreement, the last answer given by the deadline; none is no agreement.
      gmAgrees: open.proposal.kind === 'house-rule' && (await findGmAnswer(db, open.id, t.deadline)) === true,
    });
    await insertProposalResult(db, { proposalId: open.id, phase: t.phase, result, decidedAt: t.now });
    const pub = votePublication(open.proposal, result);
    results.push({ proposalId: open.id, proposal: open.proposal, result, text: pub.text, endsGame: result === 'passed' && open.proposal.kind !== 'house-rule' });
  }
  return { results, ending: results.find((r) => r.endsGame), carried };
}
