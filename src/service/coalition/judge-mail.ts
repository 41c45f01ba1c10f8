/**
 * Mail from a judge (1.3): the Battle Judge's weather, verdicts and rulings, the Movement Judge's
 * rulings (3.3.3), each line done or answered with its problem (judge-text.ts).
 */
import { lockGame } from '../../db/games.js';
import { findCoalitionGame } from '../../db/coalition.js';
import { decide } from '../../mail/inbound/decide.js';
import { stripSecretLines } from '../../mail/inbound/identity.js';
import { gmtSeconds, type ReceiveOutcome } from '../../mail/inbound/intake.js';
import { mayReply, queueReply } from '../../mail/inbound/reply.js';
import { gameView } from '../../mail/outbound/queue-mail.js';
import type { GameMail } from '../game-kind.js';
import { enterJudgeText } from './judge-text.js';

export async function receiveJudgeMail(m: GameMail, role: 'battle' | 'movement'): Promise<ReceiveOutcome> {
  const { db, ctx, rec, mail, person, game, evidence } = m;
  const answer = await mayReply(db, ctx, person.email);
  return db.transaction().execute(async (trx): Promise<ReceiveOutcome> => {
    await lockGame(trx, game.id);
    const setup = (await findCoalitionGame(trx, game.id))!;
    const judge = { role, name: `${person.name} (${role === 'battle' ? 'Battle' : 'Movement'} Judge)` };
    const r = await enterJudgeText(trx, ctx.fromAddress, { game, setup, text: stripSecretLines(mail.text), at: rec.receivedAt, actor: `person:${person.id}`, judge });
    if (answer) await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'coalition-judge-received', { game: gameView(game), receivedAt: gmtSeconds(rec.receivedAt), ...r }, { key: 'judge-received', gameId: game.id });
    await decide(trx, rec, { outcome: 'command', reason: `${judge.name}: ${r.notes.length} done, ${r.problems.length} not taken`, fromAddress: person.email, gameId: game.id, phase: `T${setup.turn}`, personId: person.id, identity: evidence, replied: Boolean(answer) });
    return { kind: 'command', inboundId: rec.inboundId, gameId: game.id };
  });
}
