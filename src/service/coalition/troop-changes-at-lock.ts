/**
 * The lock's troop changes (2.3.2): for each army, the last makeup mailed this turn by the player
 * controlling it at the lock (5.4.2) is carried out if the army has now counted 2 days on a base or
 * portal it heals at, its count not waiting on a battle, and the makeup is still legal (2.1, 2.2, the
 * destroyed-base exception); otherwise it is refused with the rule. The army's controller and both
 * judges are told either way.
 */
import { appendAudit } from '../../db/audit-log.js';
import { findTroopChanges } from '../../db/coalition-battles.js';
import type { CoalitionPlayer, CoalitionSetup } from '../../db/coalition.js';
import type { Game } from '../../db/games.js';
import type { Trx } from '../../db/schema.js';
import { checkTroopChange, destroyedBaseColours, makeupTroops, troopChangeRefusal, type Army, type DayCount, type MakeupLine, type WorldMap } from '../../coalition/index.js';
import { gmtSeconds } from '../../mail/inbound/intake.js';
import { sendNotice } from '../notify.js';
import { coalitionPeople } from './game-people.js';

const k = (s: string) => s.trim().toLowerCase();

export async function changeTroopsAtLock(
  trx: Trx, fromAddress: string,
  s: { game: Game; setup: CoalitionSetup; players: readonly CoalitionPlayer[]; map: WorldMap; armies: readonly Army[]; counts: readonly DayCount[]; atLock: ReadonlyMap<string, string | null> },
): Promise<{ armies: Army[]; changed: string[] }> {
  const requests = await findTroopChanges(trx, s.game.id, s.setup.turn);
  if (requests.length === 0) return { armies: [...s.armies], changed: [] };
  let armies = [...s.armies];
  const changed: string[] = [];
  const people = await coalitionPeople(trx, s.game, s.setup, s.players);
  for (const name of [...new Set(requests.map((r) => k(r.army)))]) {
    const army = armies.find((a) => k(a.name) === name);
    const controller = s.atLock.get(name) ?? null;
    const mine = requests.filter((r) => k(r.army) === name);
    const fromController = mine.filter((r) => controller !== null && k(r.senderName) === k(controller));
    const r = fromController.at(-1) ?? mine.at(-1)!;
    let why: string | null = null;
    if (!army) why = `${r.army} is no longer on the map`;
    else if (fromController.length === 0) why = `${r.senderName} did not control ${army.name} at the lock (${controller ? `${controller} did` : 'nobody did'}; 2.3.2, 5.4.2)`;
    else if (s.counts.find((c) => k(c.army) === name)?.pendingBattle) why = `${army.name}'s count waits on its battle at ${army.at} (1.5): troops change once it has counted 2 days (2.3.2)`;
    else why = troopChangeRefusal(s.map, army);
    const troops = army ? makeupTroops(army, r.troops as readonly MakeupLine[]) : [];
    if (!why && army) {
      const problems = checkTroopChange(army, troops, destroyedBaseColours(s.map));
      if (problems.length > 0) why = problems.map((p) => `${p.message} (${p.rule})`).join('; ');
    }
    if (!why && army) {
      armies = armies.map((a) => (a === army ? { ...a, troops } : a));
      changed.push(army.name);
    }
    await appendAudit(trx, { gameId: s.game.id, actor: 'worker', action: 'coalition.troop-change', detail: { turn: s.setup.turn, army: r.army, sender: r.senderName, done: !why, why, troops: r.troops } });
    const who = s.players.find((p) => controller !== null && k(p.name) === k(controller)) ?? s.players.find((p) => p.personId === r.senderPersonId);
    await sendNotice(trx, fromAddress, {
      game: s.game, template: 'coalition-troop-change', key: `troop-change:${s.game.id}:T${s.setup.turn}:${name}`,
      context: () => ({ turn: s.setup.turn, army: army?.name ?? r.army, square: army?.at ?? '', sender: r.senderName, receivedAt: gmtSeconds(r.receivedAt), done: !why, why, troops: troops.map((t) => `${t.count} ${t.creature} (${t.colours.join('/')} ${t.power}/${t.toughness})`) }),
    }, [...(who ? [people.people.get(who.personId)!] : []), people.movementJudge, people.battleJudge]);
  }
  return { armies, changed };
}
