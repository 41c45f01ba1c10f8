/**
 * The inbound pipeline's one call into the calendar: for every accepted message from a verified
 * player (with or without orders), inside the pipeline's transaction, record its press (D.X), its
 * proposals and votes (D.IX) and its extension requests (D.VII(5)); count it as the NMR'd player's
 * contact with the GM (D.VII(6)(a)); and return short notes for the acknowledgement. Idempotent per
 * inbound message: a re-run records nothing twice and returns the same notes.
 */
import { findRecordedNotes, insertRecordedNotes } from '../../db/communications-recorded.js';
import { findGame, type Game } from '../../db/games.js';
import { findPerson, type Person } from '../../db/people.js';
import { findPhase, type PhaseRecord } from '../../db/phases.js';
import { inTransaction } from '../../db/in-transaction.js';
import type { Db, Trx } from '../../db/schema.js';
import type { Power } from '../../diplomacy/index.js';
import type { OrderSheet } from '../../diplomacy/sheet/types.js';
import { afterOrderSet } from './after-order-set.js';
import { handleExtensionRequest } from './extension-request.js';
import { markContacted } from './nmr-handling.js';
import { recordPress } from './press-intake.js';
import { recordVotes } from './vote-intake.js';

export interface CommunicationsInput {
  readonly gameId: string;
  /** The phase open when the message was accepted. */
  readonly phase: string;
  readonly power: Power;
  readonly personId: number;
  readonly inboundMessageId: number;
  /** The trusted receipt time (D.VII(1)): extensions' 12 hours and votes' deadline count to it. */
  readonly receivedAt: Date;
  readonly sheet: OrderSheet;
  readonly now: Date;
  /** The judge's own address (From of the notices this queues). */
  readonly fromAddress: string;
  /**
   * Issue 29: the game's row, the phase `phase` and the person `personId` as the caller read them in
   * this transaction (under the game's lock), when nothing has changed them since: not read again.
   */
  readonly known?: { readonly game: Game; readonly phase: PhaseRecord; readonly person?: Person };
  /**
   * The caller's transaction records the message's decision (inbound_decisions, keyed by the message):
   * nothing can have been recorded for it before, so that is not looked up (issue 29).
   */
  readonly inDecision?: boolean;
  /**
   * Issue 29: the caller read under the game's lock that the person has no open NMR notice in the
   * game, so no contact (D.VII(6)(a)) is looked for.
   */
  readonly noOpenNmrNotice?: boolean;
}

/** Record the message's communications; never throws for bad input (every problem is a note). */
export async function recordCommunications(trx: Db, input: CommunicationsInput): Promise<{ notes: string[] }> {
  return inTransaction(trx, (t) => record(t, input));
}

async function record(trx: Trx, input: CommunicationsInput): Promise<{ notes: string[] }> {
  const done = input.inDecision ? undefined : await findRecordedNotes(trx, input.inboundMessageId);
  if (done) return { notes: done };
  const known = input.known && input.known.game.id === input.gameId && input.known.phase.name === input.phase ? input.known : undefined;
  const game = known?.game ?? (await findGame(trx, input.gameId));
  const phase = game && (known?.phase ?? (await findPhase(trx, game.id, input.phase)));
  const person = known?.person?.id === input.personId ? known.person : await findPerson(trx, input.personId);
  if (!game || !phase || !person) return { notes: [] };
  const notes: string[] = [];

  // D.VII(6)(a): any message from the NMR'd player to the game is contact with the GM.
  const contacted = input.noOpenNmrNotice ? [] : await markContacted(trx, { gameId: game.id, power: input.power, personId: person.id, at: input.receivedAt });
  if (contacted.length > 0) notes.push(`This message counts as your contact with the GM after your NMR in ${contacted.join(', ')} (D.VII(6)(a)); no replacement will be sought.`);

  const open = game.status === 'active' && phase.adjudicatedAt === null;
  const { sheet } = input;
  if (sheet.press.length > 0) {
    notes.push(...(await recordPress(trx, { game, phase: phase.name, power: input.power, person, inboundMessageId: input.inboundMessageId, receivedAt: input.receivedAt, items: sheet.press })));
  }
  if (sheet.votes.length > 0) {
    if (!open) notes.push('Your votes were not recorded: the game has no turn open.');
    else {
      notes.push(...(await recordVotes(trx, { game, phase, power: input.power, person, inboundMessageId: input.inboundMessageId, receivedAt: input.receivedAt, now: input.now, fromAddress: input.fromAddress }, sheet.votes)));
      // D.VII(2), D.IX(2): the last vote due may be what an early adjudication was waiting for.
      await afterOrderSet(trx, { gameId: game.id, now: input.now, fromAddress: input.fromAddress });
    }
  }
  for (const r of sheet.requests) {
    if (r.kind !== 'extension') continue;
    if (!open) { notes.push('Your extension request was not considered: the game has no turn open.'); continue; }
    const current = (await findPhase(trx, game.id, phase.name))!; // an earlier line may have moved the deadline
    const out = await handleExtensionRequest(trx, {
      game, phase: current, power: input.power, person, hours: r.hours ?? 0, at: input.receivedAt, inboundMessageId: input.inboundMessageId, line: r.line,
      actor: `person:${person.id}`, now: input.now, fromAddress: input.fromAddress,
    });
    notes.push(out.note);
  }
  await insertRecordedNotes(trx, { inboundMessageId: input.inboundMessageId, gameId: game.id, notes, at: input.now });
  return { notes };
}
