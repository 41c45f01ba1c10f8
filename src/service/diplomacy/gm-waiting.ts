/**
 * What waits on the GM or the TD in a game, as the GM's STATUS and digest list it: the open
 * house-rule proposals with the GM's standing answer (D.IX(5): the GM must agree too; no answer is
 * no), and the GM's rollback request with what became of it (D.VIII(1)). Read-only.
 */
import type { Game } from '../../db/games.js';
import { findGmAnswer } from '../../db/proposal-gm-answers.js';
import { findOpenProposals } from '../../db/proposals.js';
import type { Db } from '../../db/schema.js';
import { proposalLabel } from '../gm/agree-proposal.js';
import { describePendingRollback } from './rollback-request.js';

/** One line per open house-rule proposal: `#4 D.VII(3): …: no answer from you yet (counts as no)`. */
export async function houseRuleLines(db: Db, gameId: string, now: Date): Promise<string[]> {
  const open = (await findOpenProposals(db, gameId)).filter((p) => p.proposal.kind === 'house-rule');
  return Promise.all(open.map(async (p) => {
    const answer = await findGmAnswer(db, p.id, now);
    return `${proposalLabel(p)}: ${answer === undefined ? 'no answer from you yet (counts as no)' : answer ? 'you agree' : 'you do not agree'}`;
  }));
}

/** The lines of the digest's "Waiting for you or the TD" section; empty when nothing waits. */
export async function waitingForGm(db: Db, game: Pick<Game, 'id' | 'currentPhase'>, now: Date): Promise<string[]> {
  const rollback = await describePendingRollback(db, game, now);
  const rules = (await houseRuleLines(db, game.id, now)).map((l) => `house-rule proposal ${l} (AGREE or DISAGREE, D.IX(5))`);
  return [...rules, ...(rollback ? [rollback] : [])];
}
