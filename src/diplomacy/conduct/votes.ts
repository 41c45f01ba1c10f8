/**
 * Proposals and votes (D.IX). Every player remaining in the game must agree (D.IX(1)); a single "no"
 * defeats a proposal; an abstention or an unclear vote counts as "no" — except for a game-end proposal
 * when the vote deadline coincides with a movement deadline and the player also NMRs: "an uncast vote
 * will be deemed to be a vote in favour". An unclear vote is treated as uncast (D.IX(1)), so in that
 * case it is a "yes" too; an explicit abstention is a vote cast, and stays a "no". Votes are due with the next orders and may be revised: the last one received
 * by the deadline counts (D.IX(2)). Only the result is published: "instead of the relevant adjudication
 * if the proposal is approved, or together with the adjudication, if the proposal fails"; never who
 * voted how, nor the count. Readings:
 * - a game-end proposal is a draw (D.IX(4)); a concession of the win (D.IX(3)) is a separate kind
 *   and gets no NMR exception — an absent player never concedes by silence;
 * - a house-rule change also needs the GM (D.IX(5)) and may only touch a rule left to the GM's
 *   discretion (the D.I(1)(b) list, plus the turn lengths of D.VII(4)(a)).
 * Pure.
 */
import { isOnTime } from '../../rules/submission/on-time.js';
import type { Power } from '../index.js';

export type Proposal =
  | { readonly kind: 'draw'; readonly powers: readonly Power[] }
  | { readonly kind: 'concession'; readonly power: Power }
  | { readonly kind: 'house-rule'; readonly rule: string; readonly change: string };

export type Vote = 'yes' | 'no' | 'abstain' | 'unclear';

/** The published outcome; deliberately nothing else (D.IX(2)). */
export type VoteResult = 'passed' | 'failed';

/** Rules the GM has discretion over, which a house-rule vote may change (D.I(1)(b), D.VII(4)(a)). */
export const DISCRETIONARY_RULES: readonly string[] = ['D.II(2)', 'D.III(3)', 'D.VII(3)', 'D.VII(4)', 'D.X(1)'];

export interface ProposalIssue {
  readonly code: 'not-a-survivor' | 'duplicate-power' | 'empty-draw' | 'single-power-draw' | 'not-discretionary' | 'empty-change';
  readonly message: string;
}

/** Problems with a proposal, each with how to fix it; `[]` when it may be put to the vote. */
export function validateProposal(proposal: Proposal, survivors: readonly Power[]): ProposalIssue[] {
  const issues: ProposalIssue[] = [];
  const alive = new Set(survivors);
  if (proposal.kind === 'draw') {
    // D.IX(4): "may or may not include all survivors" — but only survivors.
    if (proposal.powers.length === 0) issues.push({ code: 'empty-draw', message: 'name the surviving powers to share the draw' });
    for (const p of proposal.powers) if (!alive.has(p)) issues.push({ code: 'not-a-survivor', message: `${p} is not in the game and cannot be in a draw; name survivors only (D.IX(4))` });
    if (new Set(proposal.powers).size !== proposal.powers.length) issues.push({ code: 'duplicate-power', message: 'name each power once' });
    if (new Set(proposal.powers).size === 1) issues.push({ code: 'single-power-draw', message: 'a draw of one power is a concession: propose to concede the win to it (D.IX(3))' });
  } else if (proposal.kind === 'concession') {
    // D.IX(3): "Wins may be conceded only to a single player."
    if (!alive.has(proposal.power)) issues.push({ code: 'not-a-survivor', message: `${proposal.power} is not in the game; a win may be conceded only to a surviving player (D.IX(3))` });
  } else {
    // D.IX(5): only rules "where the GM has discretion"; "No changes may be made that contradict/violate the Tournament Rules".
    if (!DISCRETIONARY_RULES.includes(proposal.rule)) issues.push({ code: 'not-discretionary', message: `${proposal.rule} is not left to the GM's discretion; a vote may change only ${DISCRETIONARY_RULES.join(', ')} (D.IX(5))` });
    if (proposal.change.trim() === '') issues.push({ code: 'empty-change', message: 'say what the house rule should become' });
  }
  return issues;
}

/** Whether `proposal` ends the game in a draw (a "game end proposal", D.IX(1), D.IX(4)). */
export function isGameEndProposal(proposal: Proposal): boolean {
  return proposal.kind === 'draw';
}

export interface Ballot {
  readonly power: Power;
  readonly vote: Vote;
  readonly receivedAt: Date;
}

/** The vote each power has cast by `deadline`: its last ballot received at or before it (D.IX(2)). */
export function collectVotes(ballots: readonly Ballot[], deadline: Date): Map<Power, Vote> {
  const out = new Map<Power, Vote>();
  const inTime = ballots.filter((b) => isOnTime(b.receivedAt, deadline)).sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
  for (const b of inTime) out.set(b.power, b.vote);
  return out;
}

/**
 * D.IX(1) "All players remaining in the game must agree": the survivors who have cast no vote on a
 * proposal by `at` (a ballot counts at the deadline's whole second, as {@link collectVotes} reads it).
 */
export function votesMissing(ballots: readonly Ballot[], survivors: readonly Power[], at: Date): Power[] {
  const cast = collectVotes(ballots, at);
  return survivors.filter((p) => !cast.has(p));
}

/**
 * What an adjudication at `now` of the turn due at `deadline` does with an open proposal (D.IX(2):
 * "Votes will be due simultaneously with the next due date for orders"):
 * - `later`: proposed after the deadline, so its votes are due with the next one;
 * - `decide`: the deadline has come, or (an early adjudication) every remaining player has voted;
 * - `carry`: an adjudication before the deadline with some vote not yet cast (only the GM's override
 *   of D.VII(2) gets there: the automatic early adjudication waits for the votes). A vote that is not
 *   due is not decided: the proposal stays open until the next deadline.
 */
export function proposalAtAdjudication(p: { readonly proposedAt: Date; readonly deadline: Date; readonly now: Date; readonly missing: readonly Power[] }): 'decide' | 'later' | 'carry' {
  if (p.proposedAt.getTime() > p.deadline.getTime()) return 'later';
  if (p.now.getTime() >= p.deadline.getTime()) return 'decide';
  return p.missing.length === 0 ? 'decide' : 'carry';
}

/**
 * Whether a vote received at `receivedAt` can count (D.IX(2): "Votes will be due simultaneously with the
 * next due date for orders"): a proposal made by the deadline is decided at it, so a vote received after
 * the deadline (at its whole second) is late and not counted; a proposal made after the deadline is due
 * with the next one, so a vote on it now is on time.
 */
export function voteOnTime(v: { readonly receivedAt: Date; readonly deadline: Date; readonly proposedAt: Date }): boolean {
  return v.proposedAt.getTime() > v.deadline.getTime() || isOnTime(v.receivedAt, v.deadline);
}

export interface TallyInput {
  readonly proposal: Proposal;
  /** Every player remaining in the game. */
  readonly survivors: readonly Power[];
  readonly votes: ReadonlyMap<Power, Vote>;
  /** Powers that sent no orders for the turn the vote is due with. */
  readonly nmrPowers: ReadonlySet<Power>;
  /** The vote deadline is a movement deadline. */
  readonly voteDeadlineIsMovementDeadline: boolean;
  /** D.IX(5): the GM's own agreement to a house-rule change. */
  readonly gmAgrees?: boolean;
}

/** Passed or failed — nothing more, so that no count can leak into a publication (D.IX(2)). */
export function tallyVote(input: TallyInput): VoteResult {
  const { proposal } = input;
  if (validateProposal(proposal, input.survivors).length > 0) return 'failed';
  if (proposal.kind === 'house-rule' && input.gmAgrees !== true) return 'failed';
  const nmrYes = isGameEndProposal(proposal) && input.voteDeadlineIsMovementDeadline;
  for (const power of input.survivors) {
    const vote = input.votes.get(power);
    if (vote === 'yes') continue;
    if (vote === 'no') return 'failed';
    // D.IX(1): an abstention is a "no"; an uncast vote, or an unclear one ("the GM will treat it as an
    // uncast vote"), is a "no" too, except for the NMR'd player's game-end vote at a movement deadline.
    if (vote !== 'abstain' && nmrYes && input.nmrPowers.has(power)) continue;
    return 'failed';
  }
  return 'passed';
}

/** How the result is published (D.IX(2)): instead of the adjudication if passed, with it if failed. */
export function votePublication(proposal: Proposal, result: VoteResult): { readonly replacesAdjudication: boolean; readonly text: string } {
  const what =
    proposal.kind === 'draw' ? `A draw between ${proposal.powers.map(title).join(', ')}`
    : proposal.kind === 'concession' ? `The concession of the win to ${title(proposal.power)}`
    : `The change to house rule ${proposal.rule}`;
  return result === 'passed'
    ? { replacesAdjudication: true, text: `${what} has been agreed.` }
    : { replacesAdjudication: false, text: `${what} was proposed and has not been agreed.` };
}

function title(p: Power): string {
  return p.charAt(0) + p.slice(1).toLowerCase();
}
