/**
 * The Coalition wargame as a game kind (src/service/game-kind.ts). A message is read by the address
 * it was sent to: the game's own (the movement thread), its PM address (the Movement Judge's private
 * mail, 3.1) or its battle address (strategies for the Battle Judge, 4.1.1). The lock job carries out
 * the movement update (lock-turn.ts). The judges' tools see the round by player and by army
 * (judge-show.ts, judge-audit.ts, judge-identity.ts).
 */
import { findCoalitionGame, findCoalitionPlayers } from '../../db/coalition.js';
import { receiveJudgeMail } from './judge-mail.js';
import { normalizeAddress } from '../../rules/submission/index.js';
import type { GameKind } from '../game-kind.js';
import { sendBattleDigests } from './battle-deadline.js';
import { auditCoalition } from './judge-audit.js';
import { claimedInCoalition, coalitionMember, coalitionNameHolders, coalitionQuarantineEntry } from './judge-identity.js';
import { showCoalition } from './judge-show.js';
import { lockCoalitionTurn } from './lock-turn.js';
import { receiveMovementMail } from './movement-mail.js';
import { receiveStrategyMail } from './strategy-mail.js';

export const COALITION: GameKind = {
  name: 'coalition',
  async receive(m) {
    const setup = (await findCoalitionGame(m.db, m.game.id))!;
    // 1.3: the judges' mail (the Battle Judge's always; the Movement Judge's rulings, he may also be a player).
    if (m.person.id === setup.battleJudgePersonId) return receiveJudgeMail(m, 'battle');
    if (m.person.id === m.game.gmPersonId && (/^\s*ruling\b/im.test(m.mail.text) || !(await findCoalitionPlayers(m.db, m.game.id)).some((p) => p.personId === m.person.id))) return receiveJudgeMail(m, 'movement');
    const named = new Set([...m.mail.to, ...m.mail.cc].map(normalizeAddress));
    if (named.has(normalizeAddress(setup.battleAddress))) return receiveStrategyMail(m);
    return receiveMovementMail(m, named.has(normalizeAddress(setup.pmAddress)) && !named.has(normalizeAddress(m.game.address)) ? 'pm' : 'post');
  },
  adjudicateTurn: (db, ctx, job) => (job.step === 'battle-deadline' ? sendBattleDigests(db, ctx, job) : lockCoalitionTurn(db, ctx, job)),
  views: {
    show: showCoalition,
    audit: auditCoalition,
    member: coalitionMember,
    quarantineEntry: coalitionQuarantineEntry,
    claimed: claimedInCoalition,
    nameHolders: coalitionNameHolders,
  },
};
