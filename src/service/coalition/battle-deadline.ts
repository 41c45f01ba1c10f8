/**
 * A battle deadline (3.1, 4.1.1): the Battle Judge gets one digest per battle with the strategy that
 * counts for each army (5.2.3: the controller's last, else the contingency's last) or "stratless"
 * (4.2.1), the armies' troops, and the verdict he must send back. The job `adjudicate-phase` with
 * `step: 'battle-deadline'`, queued when the battles are announced.
 */
import { insertReplayEntry } from '../../db/replay-log.js';
import { findGame, lockGame } from '../../db/games.js';
import { findOpenBattles, findStrategies, markDigestSent, type BattleRow } from '../../db/coalition-battles.js';
import { findCoalitionGame, findCoalitionPlayers, type CoalitionSetup } from '../../db/coalition.js';
import type { Game } from '../../db/games.js';
import type { Person } from '../../db/people.js';
import type { Db } from '../../db/schema.js';
import { automaticStrategyArmies, countingStrategy, parseWorldMap, siteAt, troopsAlive, type Army } from '../../coalition/index.js';
import { gmtSeconds } from '../../mail/inbound/intake.js';
import type { TurnContext, TurnJob, TurnOutcome } from '../game-kind.js';
import { sendNotice } from '../notify.js';
import { coalitionPeople } from './game-people.js';
import { lockJobAt } from './turn-times.js';
import { lockText } from './movement-mail.js';

const k = (s: string) => s.trim().toLowerCase();

export async function sendBattleDigests(db: Db, ctx: TurnContext, job: TurnJob): Promise<TurnOutcome> {
  return db.transaction().execute(async (trx): Promise<TurnOutcome> => {
    await lockGame(trx, job.gameId);
    const game = await findGame(trx, job.gameId);
    const setup = await findCoalitionGame(trx, job.gameId);
    if (!game || !setup) return 'skipped';
    const now = ctx.now();
    const due = (await findOpenBattles(trx, game.id)).filter((b) => b.digestSentAt === null && lockJobAt(b.deadline).getTime() <= now.getTime());
    if (due.length === 0) return 'skipped';
    const players = await findCoalitionPlayers(trx, game.id);
    const people = await coalitionPeople(trx, game, setup, players);
    for (const b of due) {
      if (!(await markDigestSent(trx, b.id, now))) continue;
      await sendDigest(trx, ctx.fromAddress, { game, setup, battle: b, battleJudge: people.battleJudge, early: false, now });
    }
    // Logged for `mailjudge reproduce` (replay_log) with the instant it ran, in the same transaction.
    await insertReplayEntry(trx, { gameId: game.id, at: now, kind: 'task', name: 'adjudicate-phase', args: { payload: job, outcome: 'adjudicated' }, actor: 'worker' });
    return 'adjudicated';
  });
}

/** 2.5.1.2, 4.1.2.4: the description of the base, portal or town a battle is fought on. */
function siteDescription(map: unknown, square: string): string | undefined {
  const parsed = parseWorldMap(map);
  if (!parsed.ok) return undefined;
  return siteAt(parsed.map, square)?.description;
}

/**
 * One battle's digest to the Battle Judge: each army's troops and the strategy that counts, or
 * STRATLESS, and the verdict to send back. `early`: asked for before the deadline once every strategy
 * is in (4.1.1); the digest at the deadline still comes.
 */
export async function sendDigest(trx: Db, fromAddress: string, s: { game: Game; setup: CoalitionSetup; battle: BattleRow; battleJudge: Person; early: boolean; now: Date; updated?: { why: string; verdict: string | null }; requested?: boolean }): Promise<void> {
  const { game, setup, battle: b } = s;
  const armies = setup.world.armies as unknown as Army[];
  const strategies = await findStrategies(trx, b.id);
  const sections = b.armies.map((name) => {
    const a = armies.find((x) => k(x.name) === k(name));
    const st = countingStrategy(strategies, name);
    const others = strategies.filter((x) => k(x.army) === k(name) && x !== st);
    return {
      army: name, team: a?.team ?? '?', rank: a?.rank ?? '?',
      troops: (a?.troops ?? []).map((t) => `${t.alive}/${t.count} ${t.creature} (${t.power}/${t.toughness}, ${t.colours.join('/')})`),
      alive: a ? troopsAlive(a) : 0,
      strategy: st ? { sender: st.senderName, role: st.role === 'contingency' ? 'the controller\'s contingency, 5.2.3' : 'the controller', receivedAt: gmtSeconds(st.receivedAt), text: st.text } : null,
      superseded: others.map((x) => `${x.senderName} (${x.role}) at ${gmtSeconds(x.receivedAt)}`).join('; '),
    };
  });
  // 4.4: a stratless army beside a partner of its side that sent a strategy does not take part.
  const partnerOf = (x: (typeof sections)[number]) => (x.strategy === null ? sections.find((y) => y !== x && y.team === x.team && y.strategy !== null)?.army ?? null : null);
  const withPartner = sections.map((x) => ({ ...x, partner: partnerOf(x) }));
  const automatic = automaticStrategyArmies(sections.map((x) => ({ name: x.army, team: x.team })), sections.filter((x) => x.strategy === null).map((x) => x.army));
  await sendNotice(trx, fromAddress, {
    game, template: 'coalition-battle-digest', key: s.requested ? `battle-digest-asked:${game.id}:${b.id}:${s.now.getTime()}` : s.updated ? `battle-digest-update:${game.id}:${b.id}:${s.now.getTime()}` : s.early ? `battle-digest-early:${game.id}:${b.id}:${s.now.getTime()}` : `battle-digest:${game.id}:${b.id}`,
    context: (zone) => ({
      updated: s.updated ?? null,
      square: b.square, announcement: b.announcement, description: siteDescription(setup.world.map, b.square), weather: b.weather, deadline: lockText(b.deadline, zone), battleAddress: setup.battleAddress,
      sections: withPartner, early: s.early, automatic: automatic.join(' and '),
      example: {
        // 4.2.1: the opponent of a stratless side gets +10 by itself: no strategy line is asked for it.
        strategy: sections.filter((x) => x.strategy !== null && !automatic.includes(x.army)).map((x) => `strategy ${x.army} 0`),
        size: sections.map((x) => `size ${x.army} 0`),
        losses: sections.map((x) => `losses ${x.army}: ${armies.find((a) => k(a.name) === k(x.army))?.troops?.filter((t) => t.alive > 0).slice(0, 2).map((t) => `0 ${t.creature}`).join(', ') || 'none'}`),
      },
    }),
  }, [s.battleJudge]);
}
