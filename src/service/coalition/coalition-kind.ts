/**
 * The Coalition wargame as a game kind (src/service/game-kind.ts). A message is read by the address
 * it was sent to: the game's own (the movement thread), its PM address (the Movement Judge's private
 * mail, 3.1) or its battle address (strategies for the Battle Judge, 4.1.1). The lock job carries out
 * the movement update (lock-turn.ts).
 */
import { findCoalitionGame } from '../../db/coalition.js';
import { normalizeAddress } from '../../rules/submission/index.js';
import type { GameKind } from '../game-kind.js';
import { sendBattleDigests } from './battle-deadline.js';
import { lockCoalitionTurn } from './lock-turn.js';
import { receiveMovementMail } from './movement-mail.js';
import { receiveStrategyMail } from './strategy-mail.js';

export const COALITION: GameKind = {
  name: 'coalition',
  async receive(m) {
    const setup = (await findCoalitionGame(m.db, m.game.id))!;
    const named = new Set([...m.mail.to, ...m.mail.cc].map(normalizeAddress));
    if (named.has(normalizeAddress(setup.battleAddress))) return receiveStrategyMail(m);
    return receiveMovementMail(m, named.has(normalizeAddress(setup.pmAddress)) && !named.has(normalizeAddress(m.game.address)) ? 'pm' : 'post');
  },
  adjudicateTurn: (db, ctx, job) => (job.step === 'battle-deadline' ? sendBattleDigests(db, ctx, job) : lockCoalitionTurn(db, ctx, job)),
};
