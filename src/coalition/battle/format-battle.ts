/** A battle's result as the Battle Results post gives it (4.2.4, 4.2.5, 4.3, 4.4, 4.5): dice, winner, moves, kills. */
import type { Army } from '../armies/army.js';
import type { BattleOutcome } from './resolve-battle.js';

/** One army's troops lost in a battle and what it has left (4.2.5), by creature. */
export interface ArmyLosses {
  readonly army: string;
  readonly lost: readonly { readonly creature: string; readonly count: number }[];
  /** Troops alive after the battle, by creature; empty when the army was killed (4.3). */
  readonly left: readonly { readonly creature: string; readonly alive: number; readonly count: number }[];
  readonly alive: number;
  readonly killed: boolean;
}

/** 4.2.5: each army's losses in the battle, from its troops before (`before`) and after (`o.armies`). Pure. */
export function battleLosses(before: readonly Army[], o: BattleOutcome): ArmyLosses[] {
  const key = (s: string) => s.trim().toLowerCase();
  const names = [...new Set([...o.sides.flatMap((s) => s.armies), ...o.notParticipating])];
  return names.map((name) => {
    const b = before.find((a) => key(a.name) === key(name));
    const a = o.armies.find((x) => key(x.name) === key(name));
    const killed = o.killed.some((n) => key(n) === key(name));
    const troops = b?.troops ?? [];
    const lost = troops.map((t) => {
      const after = a?.troops?.find((x) => key(x.creature) === key(t.creature) && x.slot === t.slot);
      return { creature: t.creature, count: killed ? t.alive : Math.max(0, t.alive - (after?.alive ?? t.alive)) };
    }).filter((x) => x.count > 0);
    const left = killed ? [] : (a?.troops ?? []).map((t) => ({ creature: t.creature, alive: t.alive, count: t.count }));
    return { army: name, lost, left, alive: left.reduce((n, t) => n + t.alive, 0), killed };
  });
}

/** `Sai Rei lost 500 Goblin Raiders; 6500 troops left: 4500/5000 Goblin Raiders, 2000/2000 Hill Giant`. */
export function formatLosses(l: ArmyLosses): string {
  const lost = l.lost.length > 0 ? `lost ${l.lost.map((x) => `${x.count} ${x.creature}`).join(', ')}` : 'lost no troops';
  if (l.killed) return `${l.army} ${lost} and is killed`;
  return `${l.army} ${lost}; ${l.alive} troops left${l.left.length > 0 ? `: ${l.left.map((t) => `${t.alive}/${t.count} ${t.creature}`).join(', ')}` : ''}`;
}

/**
 * Plain text of one battle's result; never throws. With `before` (the armies as they went into the
 * battle) each army's losses and troops left are told (4.2.5).
 */
export function formatBattleOutcome(o: BattleOutcome, before?: readonly Army[]): string {
  const lines: string[] = [`Battle at ${o.square}: ${o.winner} wins (${o.decidedBy === 'stratless' ? 'the other side sent no strategy, 4.2.4' : o.decidedBy === 'dice' ? 'most dice won, 4.2.4' : o.decidedBy === 'dice-total' ? 'dice won level, higher total' : o.decidedBy === 'defender' ? 'dice level: the defender, 4.1.2.3' : 'dice level: at random'})`];
  for (const s of o.sides) {
    const rolls = s.rolls.map((r) => `${r.army} ${r.dice.join(' ')}${r.colourBonus ? ' (+1 colour)' : ''}`).join('; ');
    lines.push(`  ${s.team}: ${s.armies.join(' and ')}${s.stratless ? ' (stratless)' : ''} — rolls ${rolls}; bonus +${s.bonus}; dice ${s.modified.join(' ')}; won ${s.diceWon}`);
  }
  for (const n of o.notParticipating) lines.push(`  ${n} sent no strategy and does not take part (4.4)`);
  for (const a of o.attempts) lines.push(`  ${a.kind} of ${a.target} by ${a.by}: ${a.why}${a.riskedLost ? `; ${a.riskedLost} risked troops killed` : ''}`);
  for (const k of o.killed) lines.push(`  ${k} is killed and removed from the map (4.3)`);
  for (const m of o.moves) lines.push(`  ${m.army} ${m.pushed ? 'is pushed' : 'moves'} to ${m.to}${m.pushed ? ' and must fight again next turn (4.2.5)' : ''}`);
  if (before) {
    lines.push('  Troops lost (4.2.5):');
    for (const l of battleLosses(before, o)) lines.push(`    ${formatLosses(l)}`);
  }
  return `${lines.join('\n')}\n`;
}
