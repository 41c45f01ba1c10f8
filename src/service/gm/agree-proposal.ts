/**
 * `mailjudge proposal agree <game> [--proposal <id> | --rule D.VII(3)] [--disagree]` and the GM's
 * `AGREE D.VII(3)` / `DISAGREE D.VII(3)` by email: the GM's own answer to a house-rule proposal.
 * D.IX(5): "The GM and all players remaining in the game must agree to any rule change unanimously.
 * All house rules are presumed to remain unchanged, so an abstention or an uncast vote counts as a
 * negative vote and defeats the proposal." The answer is recorded (the last one given by the vote's
 * deadline counts, like a vote, D.IX(2)), audit-logged, and announced to every player and the GM:
 * it is the GM's position, not a player's secret vote (D.IX(2) keeps the players' votes secret), and
 * the players need to know whether their vote can still carry the change.
 */
import { appendAudit } from '../../db/audit-log.js';
import { inTransaction } from '../../db/in-transaction.js';
import { recordedCommand } from '../recorded-command.js';
import { insertGmAnswer } from '../../db/proposal-gm-answers.js';
import { findOpenProposals, type StoredProposal } from '../../db/proposals.js';
import type { Db } from '../../db/schema.js';
import { validateProposal } from '../../diplomacy/conduct/votes.js';
import { problems, formatGmt, type CommandResult, type RunContext } from '../command-result.js';
import { announcementRecipients } from '../game-people.js';
import { sendNotice, when } from '../notify.js';
import { survivors } from '../diplomacy/powers-to-order.js';
import { lockOpenTurn } from './open-turn.js';

export interface AgreeArgs {
  readonly gameId: string;
  /** Which proposal: its number, or the house rule it changes (`D.VII(3)`); neither: the only one open. */
  readonly proposalId?: number;
  readonly rule?: string;
  readonly agrees: boolean;
  /** The GM's message, when the answer came by email. */
  readonly inboundMessageId?: number;
}

/** The change a house-rule proposal asks, without the rule's number the player wrote before it. Pure. */
export function changeText(change: string): string {
  return change.replace(/^D\.[IVX]+\(\d+\)\s*:?\s*/i, '');
}

/** `#3 D.VII(3): accept orders until adjudication`. Pure. */
export function proposalLabel(p: StoredProposal): string {
  return p.proposal.kind === 'house-rule' ? `#${p.id} ${p.proposal.rule}: ${changeText(p.proposal.change)}` : `#${p.id}`;
}

/** Logged for `mailjudge reproduce` unless it came by email (recorded-command.ts). */
export async function runAgreeProposal(db: Db, a: AgreeArgs, ctx: RunContext): Promise<CommandResult> {
  return recordedCommand(db, 'proposal-agree', a.gameId, a, ctx, (trx, c) => runAgreeProposalNow(trx, a, c));
}

async function runAgreeProposalNow(db: Db, a: AgreeArgs, ctx: RunContext): Promise<CommandResult> {
  return inTransaction(db, async (trx): Promise<CommandResult> => {
    const turn = await lockOpenTurn(trx, a.gameId);
    if (!turn.ok) return problems([turn.problem]);
    const { game, phase } = turn;
    const open = (await findOpenProposals(trx, game.id)).filter((p) => p.proposal.kind === 'house-rule');
    if (open.length === 0) return problems([`${game.id} has no house-rule proposal waiting for its vote (D.IX(5)); players propose one with PROPOSE D.VII(3): <the change>`]);
    const listed = open.map(proposalLabel).join('; ');
    const matching = open.filter((p) => (a.proposalId === undefined || p.id === a.proposalId) && (a.rule === undefined || (p.proposal.kind === 'house-rule' && p.proposal.rule.toUpperCase() === a.rule.toUpperCase())));
    if (matching.length === 0) return problems([`no open house-rule proposal ${a.proposalId !== undefined ? `#${a.proposalId}` : a.rule}; open: ${listed}`]);
    if (matching.length > 1) return problems([`${matching.length} house-rule proposals are open; name one by its number (#3) or rule: ${matching.map(proposalLabel).join('; ')}`]);
    const p = matching[0]!;
    if (p.proposal.kind !== 'house-rule') return problems(['only a house-rule proposal needs the GM\'s agreement (D.IX(5))']);
    const issues = validateProposal(p.proposal, survivors(phase.stateBefore));
    if (a.agrees && issues.length > 0) return problems([`${proposalLabel(p)} cannot pass whatever the votes: ${issues.map((i) => i.message).join('; ')}`]);
    await insertGmAnswer(trx, { proposalId: p.id, agrees: a.agrees, actor: ctx.actor, inboundMessageId: a.inboundMessageId ?? null, at: ctx.now });
    // D.IX(2): votes are due with the next orders; a proposal made after this deadline is due with the next one.
    const dueNow = p.proposedAt.getTime() <= phase.deadline.getTime();
    const notified = await sendNotice(trx, ctx.fromAddress, {
      game, template: 'proposal-gm-answer', key: `proposal-gm:${game.id}:${p.id}:${ctx.now.toISOString()}`,
      context: (zone) => ({ agrees: a.agrees, rule: p.proposal.kind === 'house-rule' ? p.proposal.rule : '', change: p.proposal.kind === 'house-rule' ? changeText(p.proposal.change) : '', dueNow, phase: phase.name, deadline: when(phase.deadline, zone) }),
    }, (await announcementRecipients(trx, game)).map((r) => r.person));
    await appendAudit(trx, { gameId: game.id, actor: ctx.actor, action: 'proposal.gm-answer', detail: { proposal: p.id, rule: p.proposal.rule, agrees: a.agrees } });
    const due = dueNow ? `at the ${phase.name} deadline, ${formatGmt(phase.deadline)}` : 'at the next deadline';
    return {
      ok: true,
      text: `${a.agrees ? 'You agree to' : 'You do not agree to'} ${proposalLabel(p)} (D.IX(5)); ${a.agrees ? `it passes only if every remaining player also votes YES, decided ${due}` : `it will not pass unless you agree by the time it is decided, ${due}`}. ${notified} notices queued to the players and you.`,
      json: { game: game.id, proposal: p.id, rule: p.proposal.rule, agrees: a.agrees, due: dueNow ? phase.deadline.toISOString() : null },
    };
  });
}
