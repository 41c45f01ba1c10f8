/**
 * Transfers carried out with the creatures mailed to the Movement Judge (3.2.4.2) and their timing
 * (3.2.4.3): the sender loses the troops in the update (3.2.4.3.4); the receiver gets them in the update
 * when it is not attacked (3.2.4.3.1), at the end of its battle when attacked this turn (3.2.4.3.2), or
 * at the end of the battle it is in only if it wins, else they are killed (3.2.4.3.3). Pure.
 */
import type { Army } from '../armies/army.js';
import { applyTransfer, checkTransfer, type TransferTroops } from '../armies/check-army.js';
import type { TransferEffect } from './types.js';

/** Troops on their way to an army in battle, with the sender as it was (for the creatures' sizes and colours). */
export interface PendingTransfer {
  readonly from: Army;
  readonly to: string;
  readonly troops: readonly TransferTroops[];
  readonly ifWins: boolean;
}

const k = (s: string) => s.trim().toLowerCase();

/** The update's transfers, with `details` (sending army → the creatures mailed for it that count). */
export function carryOutTransfers(armies: readonly Army[], effects: readonly TransferEffect[], details: ReadonlyMap<string, readonly TransferTroops[]>): { armies: Army[]; pending: PendingTransfer[]; notes: string[] } {
  let out = [...armies];
  const pending: PendingTransfer[] = [];
  const notes: string[] = [];
  for (const e of effects) {
    const troops = details.get(k(e.from));
    const list = troops?.map((t) => `${t.count} ${t.creature}`).join(', ');
    if (!troops) { notes.push(`${e.from} → ${e.to}: no mail detailing the creatures, so the transfer does nothing (3.2.4.2)`); continue; }
    const i = out.findIndex((a) => k(a.name) === k(e.from));
    const j = out.findIndex((a) => k(a.name) === k(e.to));
    if (i < 0 || j < 0) continue;
    const problems = checkTransfer(out[i]!, out[j]!, troops);
    if (problems.length > 0) { notes.push(`${e.from} → ${e.to}: not carried out: ${problems.map((p) => `${p.message} (${p.rule})`).join('; ')}`); continue; }
    const now = e.when === 'now';
    const r = applyTransfer(out[i]!, out[j]!, troops, now);
    if (!now) pending.push({ from: out[i]!, to: out[j]!.name, troops, ifWins: e.when === 'if-wins' });
    out = out.map((a, x) => (x === i ? r.from : x === j && now ? r.to : a));
    notes.push(now
      ? `${e.from} sent ${list} to ${e.to} (3.2.4.3.1)`
      : `${e.from} sent ${list} to ${e.to}: ${e.to} gets them at the end of its battle${e.when === 'if-wins' ? ' if it wins; if it loses they are killed (3.2.4.3.3)' : ' (3.2.4.3.2)'}; ${e.from} has lost them now (3.2.4.3.4)`);
  }
  return { armies: out, pending, notes };
}

/** After a battle: the troops on their way to its armies arrive, or are killed (3.2.4.3.2, 3.2.4.3.3). */
export function deliverAfterBattle(armies: readonly Army[], pending: readonly PendingTransfer[], battle: { armies: readonly string[]; winners: readonly string[]; killed: readonly string[] }): { armies: Army[]; pending: PendingTransfer[]; notes: string[] } {
  let out = [...armies];
  const left: PendingTransfer[] = [];
  const notes: string[] = [];
  for (const p of pending) {
    if (!battle.armies.some((a) => k(a) === k(p.to))) { left.push(p); continue; }
    const list = p.troops.map((t) => `${t.count} ${t.creature}`).join(', ');
    const j = out.findIndex((a) => k(a.name) === k(p.to));
    const won = battle.winners.some((w) => k(w) === k(p.to));
    if (j < 0 || battle.killed.some((x) => k(x) === k(p.to)) || (p.ifWins && !won)) {
      notes.push(`the ${list} sent by ${p.from.name} to ${p.to} are killed: ${p.to} ${j < 0 || battle.killed.some((x) => k(x) === k(p.to)) ? 'was killed' : 'lost its battle'} (3.2.4.3.3)`);
      continue;
    }
    out = out.map((a, x) => (x === j ? applyTransfer(p.from, a, p.troops, true).to : a));
    notes.push(`${p.to} receives the ${list} sent by ${p.from.name} (3.2.4.3.${p.ifWins ? 3 : 2})`);
  }
  return { armies: out, pending: left, notes };
}
