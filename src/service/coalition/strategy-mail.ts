/**
 * A battle strategy mailed to the game's battle address (4.1.1): timestamped on receipt, passed to
 * the Battle Judge with that time, acknowledged to the sender only and never shown to the other side.
 * The judge's timestamp is what the battle deadline is measured against.
 */
import { findCoalitionGame, findCoalitionPlayers } from '../../db/coalition.js';
import { findPerson } from '../../db/people.js';
import { decide } from '../../mail/inbound/decide.js';
import { stripSecretLines } from '../../mail/inbound/identity.js';
import { gmtSeconds, type ReceiveOutcome } from '../../mail/inbound/intake.js';
import { mayReply, queueReply } from '../../mail/inbound/reply.js';
import { queueMail, gameView } from '../../mail/outbound/queue-mail.js';
import { outboxKey } from '../../db/outbox.js';
import type { GameMail } from '../game-kind.js';

export async function receiveStrategyMail(m: GameMail): Promise<ReceiveOutcome> {
  const { db, ctx, rec, mail, person, game, evidence } = m;
  const answer = await mayReply(db, ctx, person.email);
  return db.transaction().execute(async (trx): Promise<ReceiveOutcome> => {
    const setup = (await findCoalitionGame(trx, game.id))!;
    const player = (await findCoalitionPlayers(trx, game.id)).find((p) => p.personId === person.id);
    const judge = (await findPerson(trx, setup.battleJudgePersonId))!;
    if (!player) {
      if (answer) await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'coalition-refused', { game: gameView(game), receivedAt: gmtSeconds(rec.receivedAt), reason: 'you are not a player of this game', remedy: 'ask the Movement Judge to add you' }, { key: 'refused', gameId: game.id });
      await decide(trx, rec, { outcome: 'refused', reason: 'strategy from a non-player', fromAddress: person.email, gameId: game.id, personId: person.id, identity: evidence, replied: Boolean(answer) });
      return { kind: 'refused', inboundId: rec.inboundId, reason: 'not a player of this game' };
    }
    await queueMail(trx, ctx.fromAddress, {
      dedupeKey: outboxKey('strategy', rec.inboundId), gameId: game.id, template: 'coalition-strategy', to: judge.email,
      context: { game: gameView(game), sender: player.name, team: player.team, receivedAt: gmtSeconds(rec.receivedAt), battleAddress: setup.battleAddress, subject: mail.subject, text: stripSecretLines(mail.text) },
    });
    if (answer) await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'coalition-strategy-received', { game: gameView(game), receivedAt: gmtSeconds(rec.receivedAt), battleJudge: judge.name }, { key: 'strategy-received', gameId: game.id });
    await decide(trx, rec, { outcome: 'message', reason: `battle strategy from ${player.name}, passed to the Battle Judge`, fromAddress: person.email, gameId: game.id, phase: `T${setup.turn}`, personId: person.id, identity: evidence, replied: Boolean(answer) });
    return { kind: 'command', inboundId: rec.inboundId, gameId: game.id };
  });
}
