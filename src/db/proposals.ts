/**
 * Proposals, votes and results (D.IX), append-only. Votes are secret: only {@link findBallots} reads
 * them, for the tally; the result is the one thing ever published (D.IX(2)).
 */
import type { Power } from '../diplomacy/index.js';
import type { Ballot, Proposal, Vote, VoteResult } from '../diplomacy/conduct/votes.js';
import type { Db } from './schema.js';

export interface StoredProposal {
  readonly id: number;
  readonly gameId: string;
  readonly phase: string;
  readonly proposal: Proposal;
  readonly proposedAt: Date;
}

export interface NewProposal {
  readonly gameId: string;
  readonly phase: string;
  readonly proposal: Proposal;
  /** Kept for the TD; never published. */
  readonly proposerPower: Power | null;
  readonly personId: number | null;
  readonly inboundMessageId: number | null;
  readonly line: number | null;
  readonly proposedAt: Date;
}

function proposalFromRow(r: { kind: string; powers: Power[]; rule: string | null; change: string | null }): Proposal {
  if (r.kind === 'draw') return { kind: 'draw', powers: r.powers };
  if (r.kind === 'concession') return { kind: 'concession', power: r.powers[0]! };
  return { kind: 'house-rule', rule: r.rule ?? '', change: r.change ?? '' };
}

/** Record a proposal; `undefined` when this message line was recorded already. */
export async function insertProposal(db: Db, p: NewProposal): Promise<StoredProposal | undefined> {
  const pr = p.proposal;
  const row = await db
    .insertInto('proposals')
    .values({
      game_id: p.gameId,
      phase: p.phase,
      kind: pr.kind,
      powers: pr.kind === 'draw' ? [...pr.powers].sort() : pr.kind === 'concession' ? [pr.power] : [],
      rule: pr.kind === 'house-rule' ? pr.rule : null,
      change: pr.kind === 'house-rule' ? pr.change : null,
      proposer_power: p.proposerPower,
      person_id: p.personId,
      inbound_message_id: p.inboundMessageId,
      line: p.line,
      proposed_at: p.proposedAt,
    })
    .onConflict((oc) => oc.columns(['inbound_message_id', 'line']).where('inbound_message_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row && { id: row.id, gameId: p.gameId, phase: p.phase, proposal: pr, proposedAt: p.proposedAt };
}

/** Proposals of a game with no result yet, oldest first. */
export async function findOpenProposals(db: Db, gameId: string): Promise<StoredProposal[]> {
  const rows = await db
    .selectFrom('proposals as p')
    .leftJoin('proposal_results as r', 'r.proposal_id', 'p.id')
    .select(['p.id', 'p.game_id', 'p.phase', 'p.kind', 'p.powers', 'p.rule', 'p.change', 'p.proposed_at'])
    .where('p.game_id', '=', gameId)
    .where('r.proposal_id', 'is', null)
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({ id: r.id, gameId: r.game_id, phase: r.phase, proposal: proposalFromRow(r), proposedAt: r.proposed_at }));
}

/** Record a vote (the last one received by the deadline counts, D.IX(2)); `false` if recorded already. */
export async function insertVote(
  db: Db,
  v: { proposalId: number; power: Power; personId: number; vote: Vote; receivedAt: Date; inboundMessageId: number | null; line: number | null },
): Promise<boolean> {
  const row = await db
    .insertInto('votes')
    .values({ proposal_id: v.proposalId, power: v.power, person_id: v.personId, vote: v.vote, received_at: v.receivedAt, inbound_message_id: v.inboundMessageId, line: v.line })
    .onConflict((oc) => oc.columns(['inbound_message_id', 'line', 'proposal_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Every ballot cast on a proposal, for the tally only. */
export async function findBallots(db: Db, proposalId: number): Promise<Ballot[]> {
  const rows = await db.selectFrom('votes').select(['power', 'vote', 'received_at']).where('proposal_id', '=', proposalId).orderBy('received_at').orderBy('id').execute();
  return rows.map((r) => ({ power: r.power, vote: r.vote, receivedAt: r.received_at }));
}

/** Record a proposal's result; `false` when it had one already. */
export async function insertProposalResult(db: Db, r: { proposalId: number; phase: string; result: VoteResult; decidedAt: Date }): Promise<boolean> {
  const row = await db
    .insertInto('proposal_results')
    .values({ proposal_id: r.proposalId, phase: r.phase, result: r.result, decided_at: r.decidedAt })
    .onConflict((oc) => oc.column('proposal_id').doNothing())
    .returning('proposal_id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface DecidedProposal extends StoredProposal {
  readonly result: VoteResult;
  /** The phase whose adjudication decided it. */
  readonly decidedIn: string;
  readonly decidedAt: Date;
}

/** Proposals of a game with their result, most recently decided first. */
export async function findDecidedProposals(db: Db, gameId: string): Promise<DecidedProposal[]> {
  const rows = await db
    .selectFrom('proposals as p')
    .innerJoin('proposal_results as r', 'r.proposal_id', 'p.id')
    .select(['p.id', 'p.game_id', 'p.phase', 'p.kind', 'p.powers', 'p.rule', 'p.change', 'p.proposed_at', 'r.result', 'r.phase as decided_in', 'r.decided_at'])
    .where('p.game_id', '=', gameId)
    .orderBy('r.decided_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, gameId: r.game_id, phase: r.phase, proposal: proposalFromRow(r), proposedAt: r.proposed_at, result: r.result, decidedIn: r.decided_in, decidedAt: r.decided_at }));
}
