/** A battle's result as the Battle Results post gives it (4.2.4, 4.2.5, 4.3, 4.4, 4.5): dice, winner, moves, kills. */
import type { BattleOutcome } from './resolve-battle.js';

/** Plain text of one battle's result; never throws. */
export function formatBattleOutcome(o: BattleOutcome): string {
  const lines: string[] = [`Battle at ${o.square}: ${o.winner} wins (${o.decidedBy === 'stratless' ? 'the other side sent no strategy, 4.2.4' : o.decidedBy === 'dice' ? 'most dice won, 4.2.4' : o.decidedBy === 'dice-total' ? 'dice won level, higher total' : o.decidedBy === 'defender' ? 'dice level: the defender, 4.1.2.3' : 'dice level: at random'})`];
  for (const s of o.sides) {
    const rolls = s.rolls.map((r) => `${r.army} ${r.dice.join(' ')}${r.colourBonus ? ' (+1 colour)' : ''}`).join('; ');
    lines.push(`  ${s.team}: ${s.armies.join(' and ')}${s.stratless ? ' (stratless)' : ''} — rolls ${rolls}; bonus +${s.bonus}; dice ${s.modified.join(' ')}; won ${s.diceWon}`);
  }
  for (const n of o.notParticipating) lines.push(`  ${n} sent no strategy and does not take part (4.4)`);
  for (const a of o.attempts) lines.push(`  ${a.kind} of ${a.target} by ${a.by}: ${a.why}${a.riskedLost ? `; ${a.riskedLost} risked troops killed` : ''}`);
  for (const k of o.killed) lines.push(`  ${k} is killed and removed from the map (4.3)`);
  for (const m of o.moves) lines.push(`  ${m.army} ${m.pushed ? 'is pushed' : 'moves'} to ${m.to}${m.pushed ? ' and must fight again next turn (4.2.5)' : ''}`);
  return `${lines.join('\n')}\n`;
}
