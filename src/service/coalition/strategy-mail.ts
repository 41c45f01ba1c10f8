/**
 * A player's mail to the game's battle address (4.1.1) (the judges' goes to judge-mail.ts): a battle strategy, timestamped on receipt and stored for the
 * battle's digest (battle-deadline.ts); accepted from the army's controller at that instant (5.2.1),
 * or from the controller's contingency in the last 24 hours before the deadline (5.2.3); refused when
 * late (3.1, 4.1.1) or from anyone else (5.4.1: the Battle Judge is told). Acknowledged to the sender
 * only, saying which strategy counts for which battle; never shown to the other side.
 */
import { appendAudit } from '../../db/audit-log.js';
import { lockGame } from '../../db/games.js';
import { findOpenBattles, findStrategies, insertStrategy, withdrawBattleVerdict, type BattleRow } from '../../db/coalition-battles.js';
import { findCoalitionGame, findCoalitionPlayers, findControlChanges } from '../../db/coalition.js';
import { controlAt, withMercenaryJudge, countingStrategy, mayStrategise, readStrategyHeader } from '../../coalition/index.js';
import { decide } from '../../mail/inbound/decide.js';
import { stripSecretLines } from '../../mail/inbound/identity.js';
import { gmtSeconds, type ReceiveOutcome } from '../../mail/inbound/intake.js';
import { mayReply, queueReply } from '../../mail/inbound/reply.js';
import { gameView } from '../../mail/outbound/queue-mail.js';
import type { GameMail } from '../game-kind.js';
import { sendNotice } from '../notify.js';
import { sendUpdatedDigest } from './judge-text.js';
import { coalitionPeople, controllerName, mercenaryJudgeAsPlayer } from './game-people.js';
import { mercenaryJudgeName } from './movement-mail.js';
import { deadlineText } from './turn-times.js';

/** Why the sender may not stand in as contingency (5.2.3), for the Battle Judge's report; undefined when no contingency is set. */
function contingencyNote(sender: string, controller: string | null, contingencyOf: ReadonlyMap<string, string | null>): string | undefined {
  if (controller === null) return undefined;
  const c = contingencyOf.get(k(controller)) ?? null;
  return c === null ? `${controller} has no contingency (5.2.3)` : `${controller}'s contingency is ${c}, not ${sender} (5.2.3)`;
}

const k = (s: string) => s.trim().toLowerCase();

export async function receiveStrategyMail(m: GameMail): Promise<ReceiveOutcome> {
  const { db, ctx, rec, mail, person, game, evidence } = m;
  const answer = await mayReply(db, ctx, person.email);
  return db.transaction().execute(async (trx): Promise<ReceiveOutcome> => {
    await lockGame(trx, game.id);
    const setup = (await findCoalitionGame(trx, game.id))!;
    const players = await findCoalitionPlayers(trx, game.id);
    const text = stripSecretLines(mail.text);
    const received = gmtSeconds(rec.receivedAt);

    // Chapter 6: the Mercenary Judge sends the mercenary armies' strategies like a controller.
    const isMercJudge = setup.mercenaryJudgePersonId != null && setup.mercenaryJudgePersonId === person.id;
    const player = players.find((p) => p.personId === person.id) ?? (isMercJudge ? mercenaryJudgeAsPlayer(person) : undefined);
    const refuse = async (reason: string, remedy: string, outcome: 'refused' | 'late' = 'refused'): Promise<ReceiveOutcome> => {
      if (answer) await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'coalition-refused', { game: gameView(game), receivedAt: received, reason, remedy }, { key: 'strategy-refused', gameId: game.id });
      await decide(trx, rec, { outcome, reason: `strategy: ${reason}`, fromAddress: person.email, gameId: game.id, personId: person.id, identity: evidence, replied: Boolean(answer) });
      return { kind: 'refused', inboundId: rec.inboundId, reason };
    };
    if (!player) return refuse('you are not a player of this game', 'ask the Movement Judge to add you');

    if (/^\s*help\.?\s*$/i.test(text)) {
      return refuse('HELP: this is the battle address: it takes battle strategies only (4.1.1)', 'one army per message, the first line "STRATEGY FOR <army>", then the strategy; the last one you send before the deadline counts; a contingency may send one in the last 24 hours (5.2.3). STATUS to the game address lists your battles', 'refused');
    }
    const open = await findOpenBattles(trx, game.id);
    const control = withMercenaryJudge(controlAt(setup.world.armies, players, await findControlChanges(trx, game.id), rec.receivedAt), setup.world.armies, await mercenaryJudgeName(trx, setup));
    const contingencyOf = new Map(players.map((p) => [k(p.name), p.contingency]));
    const header = readStrategyHeader(text);
    const mine = (b: BattleRow) => b.armies.filter((a) => {
      const c = control.get(k(a)) ?? null;
      return c !== null && (k(c) === k(player.name) || k(contingencyOf.get(k(c)) ?? '') === k(player.name));
    });
    let battle: BattleRow | undefined;
    let army: string | undefined;
    if (header.army !== null) {
      battle = open.find((b) => b.armies.some((a) => k(a) === k(header.army!)));
      army = battle?.armies.find((a) => k(a) === k(header.army!));
      if (!battle) return refuse(`line ${header.line} "STRATEGY FOR ${header.army}": ${header.army} is in no battle waiting for strategies (battles: ${open.map((b) => `${b.armies.join(' vs ')} at ${b.square}`).join('; ') || 'none'})`, 'name an army of an announced battle');
    } else {
      const candidates = open.flatMap((b) => mine(b).map((a) => ({ b, a })));
      if (candidates.length !== 1) {
        return refuse(candidates.length === 0 ? 'you control no army in a battle waiting for strategies' : `you have ${candidates.length} armies in battle (${candidates.map((c) => c.a).join(', ')}) and the message does not say which this strategy is for`,
          'begin the message with a line "STRATEGY FOR <army>", one army per message');
      }
      battle = candidates[0]!.b;
      army = candidates[0]!.a;
    }
    if (header.body.trim() === '') return refuse(`the message has no strategy for ${army}`, 'write the strategy below the "STRATEGY FOR" line');
    const controller = control.get(k(army!)) ?? null;
    const decision = mayStrategise(player.name, army!, controller, contingencyOf, rec.receivedAt, battle.deadline);
    if (!decision.ok) {
      if (decision.code === 'not-controller') {
        // 5.4.1: "If a player ... sends in a battle strategy for an army he does not control": the Battle Judge is told.
        const people = await coalitionPeople(trx, game, setup, players);
        await sendNotice(trx, ctx.fromAddress, {
          game, template: 'coalition-not-controller', key: `strategy-not-controller:${game.id}:${rec.inboundId}`,
          context: () => ({
            turn: setup.turn, army: army!, sender: player.name, order: `a battle strategy for the battle at ${battle!.square}`, receivedAt: received, controller: controllerName(controller, army!), strategy: true,
            enemy: (setup.world.armies.find((a) => k(a.name) === k(army!))?.team ?? player.team) !== player.team,
            contingencyNote: contingencyNote(player.name, controller, contingencyOf),
          }),
        }, [people.battleJudge]);
      }
      return refuse(`your strategy for ${army} (battle at ${battle.square}) is not accepted: ${decision.reason}`, decision.code === 'late' ? `strategies stamped up to ${deadlineText(battle.deadline)} count; the Battle Judge has the strategies that came in time` : 'see the control list (STATUS to the game address)', decision.code === 'late' ? 'late' : 'refused');
    }
    await insertStrategy(trx, { battleId: battle.id, army: army!, senderPersonId: person.id, senderName: player.name, role: decision.role, receivedAt: rec.receivedAt, inboundMessageId: rec.inboundId, text: header.body });
    const all = await findStrategies(trx, battle.id);
    const counting = countingStrategy(all, army!)!;
    const counts = counting.inboundMessageId === rec.inboundId
      ? `This strategy counts for ${army} in the battle at ${battle.square}${all.filter((x) => k(x.army) === k(army!)).length > 1 ? ', in place of the earlier one' : ''} (the last one counts).`
      : `This strategy is kept, but the one that counts for ${army} in the battle at ${battle.square} is ${counting.senderName}'s of ${gmtSeconds(counting.receivedAt)}: the original controller's strategy wins over the contingency's (5.2.3).`;
    // 4.1.1: a verdict entered early saw the strategies as they were; one replaced afterwards makes it stale:
    // withdrawn (the battle waits for a new verdict), and the Battle Judge gets the digest as it stands now.
    const replaced = counting.inboundMessageId === rec.inboundId && all.filter((x) => k(x.army) === k(army!)).length > 1;
    if (replaced && battle.verdict !== null && battle.verdictAt !== null && battle.verdictAt.getTime() <= rec.receivedAt.getTime()) {
      await withdrawBattleVerdict(trx, battle.id);
      await appendAudit(trx, { gameId: game.id, actor: 'judge', action: 'coalition.verdict-stale', detail: { battle: battle.id, square: battle.square, army, verdict: battle.verdict, verdictAt: battle.verdictAt.toISOString(), strategyAt: rec.receivedAt.toISOString() } });
      const people = await coalitionPeople(trx, game, setup, players);
      await sendUpdatedDigest(trx, ctx.fromAddress, { game, setup, battleId: battle.id, battleJudge: people.battleJudge, now: rec.receivedAt, why: `your verdict of ${gmtSeconds(battle.verdictAt)} is STALE and withdrawn: ${army}'s strategy was replaced at ${received}, after it (4.1.1); judge the battle again on the strategies below` });
    }
    // 5.2.3: "If both the contingency and original controller send in strats, the original controllers will be
    // used": a contingency whose strategy the controller's now supersedes is told.
    if (decision.role === 'controller') {
      const displaced = all.filter((x) => k(x.army) === k(army!) && x.role === 'contingency' && x.senderPersonId !== person.id);
      const ids = [...new Set(displaced.map((x) => x.senderPersonId))];
      if (ids.length > 0) {
        const people = await coalitionPeople(trx, game, setup, players);
        await sendNotice(trx, ctx.fromAddress, {
          game, template: 'coalition-strategy-superseded', key: `strategy-superseded:${game.id}:${rec.inboundId}`,
          context: () => ({ army, square: battle!.square, controller: player.name, receivedAt: received, theirs: displaced.map((x) => gmtSeconds(x.receivedAt)).join(', ') }),
        }, ids.map((id) => people.people.get(id)).filter((p): p is NonNullable<typeof p> => p !== undefined));
      }
    }
    await appendAudit(trx, { gameId: game.id, actor: `person:${player.personId}`, action: 'coalition.strategy', detail: { battle: battle.id, square: battle.square, army, role: decision.role, receivedAt: rec.receivedAt.toISOString(), inboundId: rec.inboundId } });
    if (answer) {
      await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'coalition-strategy-received', {
        game: gameView(game), receivedAt: received, army, square: battle.square, announcement: battle.announcement, role: decision.role === 'contingency' ? `as ${decision.controller}'s contingency (5.2.3)` : 'as its controller',
        counts, deadline: `strategies stamped up to ${deadlineText(battle.deadline)} count`,
      }, { key: 'strategy-received', gameId: game.id });
    }
    await decide(trx, rec, { outcome: 'message', reason: `battle strategy for ${army} at ${battle.square} (${decision.role})`, fromAddress: person.email, gameId: game.id, phase: `T${setup.turn}`, personId: person.id, identity: evidence, replied: Boolean(answer) });
    return { kind: 'command', inboundId: rec.inboundId, gameId: game.id };
  });
}
