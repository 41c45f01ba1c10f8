/**
 * Proposals and votes received with a player's message (D.IX): a valid proposal is recorded and put
 * to every player without the proposer's name; a vote is recorded against the proposal it names (a
 * vote on a draw nobody has proposed yet proposes it). Votes are secret and revisable; the note to
 * the voter confirms the vote and nothing about anyone else's (D.IX(2)). A vote that arrives after the
 * deadline its proposal is due with, or after the proposal was decided, is answered as late and not
 * counted — and never becomes a new proposal.
 */
import { isOnTime } from '../../rules/submission/index.js';
import type { Game } from '../../db/games.js';
import type { Person } from '../../db/people.js';
import type { PhaseRecord } from '../../db/phases.js';
import { findDecidedProposals, findOpenProposals, insertProposal, insertVote, type DecidedProposal, type StoredProposal } from '../../db/proposals.js';
import type { Db } from '../../db/schema.js';
import type { Power } from '../../diplomacy/index.js';
import { formatGmtSeconds } from '../../diplomacy/calendar/index.js';
import { DISCRETIONARY_RULES, validateProposal, voteOnTime, type Proposal } from '../../diplomacy/conduct/votes.js';
import type { Proposal as SheetProposal, VoteItem } from '../../diplomacy/sheet/types.js';
import { announcementRecipients } from '../game-people.js';
import { sendNotice, when } from '../notify.js';
import { survivors } from './powers-to-order.js';

const titleCase = (p: string) => p.charAt(0) + p.slice(1).toLowerCase();

/** "a draw between Austria, England and France". Pure. */
export function describeProposal(p: Proposal): string {
  if (p.kind === 'draw') {
    const names = [...p.powers].sort().map(titleCase);
    return `a draw between ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('')}`;
  }
  if (p.kind === 'concession') return `conceding the win to ${titleCase(p.power)}`;
  return `changing house rule ${p.rule || '(none named)'}: ${p.change}`;
}

/** The rules' proposal from the sheet's (a house rule names its rule, e.g. `D.VII(3)`); `undefined` for "the pending one". Pure. */
export function toRuleProposal(p: SheetProposal): Proposal | undefined {
  if (p.kind === 'draw') return { kind: 'draw', powers: p.powers };
  if (p.kind === 'concession') return { kind: 'concession', power: p.power };
  if (p.kind === 'houseRule') {
    const rule = /\bD\.\s*([IVX]+)\s*\((\d+)\)/i.exec(p.text);
    // The change is what follows the rule it names ("D.VII(3): ..."), so a notice does not name the rule twice.
    const change = p.text.trim().replace(/^D\.\s*[IVX]+\s*\(\d+\)\s*[:\-–]?\s*/i, '');
    return { kind: 'house-rule', rule: rule ? `D.${rule[1]!.toUpperCase()}(${rule[2]})` : '', change: change || p.text.trim() };
  }
  return undefined;
}

/** Whether two proposals are the same (a draw's powers in any order). Pure. */
export function sameProposal(a: Proposal, b: Proposal): boolean {
  if (a.kind === 'draw' && b.kind === 'draw') return [...a.powers].sort().join() === [...b.powers].sort().join();
  if (a.kind === 'concession' && b.kind === 'concession') return a.power === b.power;
  if (a.kind === 'house-rule' && b.kind === 'house-rule') return a.rule === b.rule && a.change.toLowerCase() === b.change.toLowerCase();
  return false;
}

interface Intake {
  readonly game: Game;
  readonly phase: PhaseRecord;
  readonly power: Power;
  readonly person: Person;
  readonly inboundMessageId: number;
  readonly receivedAt: Date;
  readonly now: Date;
  readonly fromAddress: string;
}

/**
 * Put a new proposal to the players: recorded, and announced to all without the proposer's name. One
 * made after the deadline (`late`) is due with the next deadline, and the notice says so (D.IX(2)).
 */
async function propose(db: Db, x: Intake, proposal: Proposal, line: number, late: boolean): Promise<StoredProposal | undefined> {
  const stored = await insertProposal(db, {
    gameId: x.game.id,
    phase: x.phase.name,
    proposal,
    proposerPower: x.power,
    personId: x.person.id,
    inboundMessageId: x.inboundMessageId,
    line,
    proposedAt: x.receivedAt,
  });
  if (!stored) return undefined;
  const what = describeProposal(proposal);
  await sendNotice(db, x.fromAddress, {
    game: x.game,
    template: 'proposal-notice',
    key: `proposal:${x.game.id}:${stored.id}`,
    context: (zone) => ({ what, phase: x.phase.name, deadline: when(x.phase.deadline, zone), late, houseRule: proposal.kind === 'house-rule', draw: proposal.kind === 'draw' }),
  }, (await announcementRecipients(db, x.game)).map((r) => r.person));
  return stored;
}

/** How to put `p` to the vote again, as a player writes it. Pure. */
export function proposeLine(p: Proposal): string {
  if (p.kind === 'draw') return `PROPOSE DRAW ${[...p.powers].sort().join(' ')}`;
  if (p.kind === 'concession') return `PROPOSE CONCESSION TO ${p.power}`;
  return `PROPOSE ${p.rule}: ${p.change}`;
}

/** Record the message's proposals and votes; returns one note per line for the acknowledgement. */
export async function recordVotes(db: Db, x: Intake, items: readonly VoteItem[]): Promise<string[]> {
  const notes: string[] = [];
  const alive = survivors(x.phase.stateBefore);
  const late = !isOnTime(x.receivedAt, x.phase.deadline);
  const due = late ? 'the next deadline' : `the ${x.phase.name} deadline`;
  const received = formatGmtSeconds(x.receivedAt);
  // D.IX(2): a vote on a proposal already decided is not counted, and does not propose it anew.
  const decidedNote = (line: number, d: DecidedProposal) =>
    `Line ${line}: the vote on ${describeProposal(d.proposal)} was decided when ${d.decidedIn} was adjudicated (${formatGmtSeconds(d.decidedAt)}); your vote, received ${received}, came after that and was not counted. To put it to the vote again, write ${proposeLine(d.proposal)}.`;
  for (const item of items) {
    const open = await findOpenProposals(db, x.game.id);
    let target: StoredProposal | undefined;
    const wanted = toRuleProposal(item.proposal);
    if (!wanted) {
      // "VOTE YES": the one proposal pending.
      if (open.length === 0) {
        const decided = (await findDecidedProposals(db, x.game.id)).find((d) => d.decidedAt.getTime() >= x.phase.createdAt.getTime());
        notes.push(decided ? decidedNote(item.line, decided) : `Line ${item.line}: there is no proposal to vote on; propose one, e.g. PROPOSE DRAW ${alive.slice(0, 3).join(' ')}.`);
        continue;
      }
      if (open.length > 1) { notes.push(`Line ${item.line}: ${open.length} proposals are pending (${open.map((o) => describeProposal(o.proposal)).join('; ')}); say which you vote on, e.g. VOTE DRAW ${alive.slice(0, 3).join(' ')} YES.`); continue; }
      target = open[0];
    } else {
      target = open.find((o) => sameProposal(o.proposal, wanted));
      const decided = !target && item.kind === 'vote' ? (await findDecidedProposals(db, x.game.id)).find((d) => sameProposal(d.proposal, wanted)) : undefined;
      if (decided) { notes.push(decidedNote(item.line, decided)); continue; }
      if (!target) {
        const issues = validateProposal(wanted, alive);
        if (wanted.kind === 'house-rule' && wanted.rule === '') {
          notes.push(`Line ${item.line}: name the house rule to change (one of ${DISCRETIONARY_RULES.join(', ')}), e.g. PROPOSE D.VII(3): accept orders until adjudication (D.IX(5)).`);
          continue;
        }
        if (issues.length > 0) { notes.push(`Line ${item.line}: proposal not put to the vote: ${issues.map((i) => i.message).join('; ')}.`); continue; }
        target = await propose(db, x, wanted, item.line, late);
        if (!target) continue; // recorded by an earlier run of this message
        notes.push(`Your proposal of ${describeProposal(wanted)} has been put to every player, without your name; votes are due with ${due} (D.IX(2)).`);
      } else if (item.kind === 'propose') {
        notes.push(`Line ${item.line}: ${describeProposal(wanted)} is already proposed; vote on it with VOTE … YES or NO.`);
      }
    }
    if (item.vote && target) {
      // D.IX(2): votes are due with the deadline; a late vote on a proposal due then is not counted.
      if (!voteOnTime({ receivedAt: x.receivedAt, deadline: x.phase.deadline, proposedAt: target.proposedAt })) {
        notes.push(`Line ${item.line}: your vote on ${describeProposal(target.proposal)} was received ${received}, after the ${x.phase.name} deadline (${formatGmtSeconds(x.phase.deadline)}). Votes were due with it (D.IX(2)), so this vote was not counted.`);
        continue;
      }
      await insertVote(db, { proposalId: target.id, power: x.power, personId: x.person.id, vote: item.vote, receivedAt: x.receivedAt, inboundMessageId: x.inboundMessageId, line: item.line });
      const until = target.proposedAt.getTime() > x.phase.deadline.getTime() ? 'the next deadline' : `the ${x.phase.name} deadline`;
      notes.push(`Your vote (${item.vote.toUpperCase()}) on ${describeProposal(target.proposal)} is recorded. Votes are secret; you may change yours until ${until}; only the result is published (D.IX(2)).`);
    }
  }
  return notes;
}
