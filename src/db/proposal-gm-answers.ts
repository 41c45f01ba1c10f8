/**
 * The GM's answers to house-rule proposals (D.IX(5): "The GM and all players remaining in the game
 * must agree to any rule change unanimously"), append-only: the last answer given by the vote's
 * deadline counts, as a player's last vote does (D.IX(2)); no answer is no agreement.
 */
import { isOnTime } from '../rules/submission/on-time.js';
import type { Db } from './schema.js';

/** Record the GM's answer to a proposal. */
export async function insertGmAnswer(db: Db, a: { proposalId: number; agrees: boolean; actor: string; inboundMessageId: number | null; at: Date }): Promise<void> {
  await db.insertInto('proposal_gm_answers').values({ proposal_id: a.proposalId, agrees: a.agrees, actor: a.actor, inbound_message_id: a.inboundMessageId, answered_at: a.at }).execute();
}

/** The GM's answer that counts at `deadline` (the last one given by it); `undefined` when none was. */
export async function findGmAnswer(db: Db, proposalId: number, deadline: Date): Promise<boolean | undefined> {
  const rows = await db.selectFrom('proposal_gm_answers').select(['agrees', 'answered_at']).where('proposal_id', '=', proposalId).orderBy('answered_at').orderBy('id').execute();
  return rows.filter((r) => isOnTime(r.answered_at, deadline)).at(-1)?.agrees;
}
