/**
 * The lock's transfers (3.2.4): each "Transfer to" order carried out with the creatures mailed for it
 * (3.2.4.2: the last detail from the player controlling the sender at the lock, 5.4.2), with the
 * timing of 3.2.4.3; the sender's controller and the Movement Judge are told what was done.
 */
import { findTransferDetails } from '../../db/coalition-battles.js';
import type { CoalitionPlayer, CoalitionSetup } from '../../db/coalition.js';
import type { Game } from '../../db/games.js';
import type { Db } from '../../db/schema.js';
import { carryOutTransfers, type Army, type PendingTransfer, type TransferEffect, type TransferTroops } from '../../coalition/index.js';
import { sendNotice } from '../notify.js';
import { coalitionPeople } from './game-people.js';

const k = (s: string) => s.trim().toLowerCase();

export async function startTransfers(
  trx: Db, fromAddress: string,
  s: { game: Game; setup: CoalitionSetup; players: readonly CoalitionPlayer[]; armies: readonly Army[]; effects: readonly TransferEffect[]; atLock: ReadonlyMap<string, string | null> },
): Promise<{ armies: Army[]; pending: PendingTransfer[] }> {
  const earlier = ((s.setup.world as { pendingTransfers?: PendingTransfer[] }).pendingTransfers ?? []);
  if (s.effects.length === 0) return { armies: [...s.armies], pending: earlier };
  const details = (await findTransferDetails(trx, s.game.id, s.setup.turn)).filter((d) => k(s.atLock.get(k(d.fromArmy)) ?? '') === k(d.senderName));
  const byArmy = new Map<string, readonly TransferTroops[]>();
  for (const d of details) {
    const effect = s.effects.find((e) => k(e.from) === k(d.fromArmy));
    if (effect && k(effect.to) === k(d.toArmy)) byArmy.set(k(d.fromArmy), d.troops);
  }
  const r = carryOutTransfers(s.armies, s.effects, byArmy);
  const people = await coalitionPeople(trx, s.game, s.setup, s.players);
  for (const e of s.effects) {
    const controller = s.players.find((p) => k(p.name) === k(s.atLock.get(k(e.from)) ?? ''));
    const to = [people.movementJudge, ...(controller ? [people.people.get(controller.personId)!] : [])];
    const notes = r.notes.filter((n) => n.startsWith(`${e.from} `));
    await sendNotice(trx, fromAddress, {
      game: s.game, template: 'coalition-transfer', key: `transfer:${s.game.id}:T${s.setup.turn}:${e.from}`,
      context: () => ({ turn: s.setup.turn, from: e.from, to: e.to, notes }),
    }, to);
  }
  return { armies: r.armies, pending: [...earlier, ...r.pending] };
}
