/**
 * The movement update as the judge posts it (3.1): each army's new square and day count, the orders
 * rejected and why, the battles for the next turn.
 */
import type { DayCount } from './day-counts.js';
import type { MovementUpdate } from './types.js';

/**
 * Plain text of a movement update, one line per fact; never throws. `standing`, when given, is the
 * world as it stands when the update is sent (after the lock's battles, 3.1): an army a battle moved
 * (4.2.5) or killed says so on its line.
 */
export function formatMovementUpdate(update: MovementUpdate, counts: readonly DayCount[] = [], standing?: readonly { name: string; at: string; team?: string; troops?: readonly { alive: number }[] }[], lost?: ReadonlyMap<string, number>): string {
  const lines: string[] = ['Positions:'];
  const key = (name: string) => name.trim().toLowerCase();
  const now = standing ? new Map(standing.map((a) => [key(a.name), a.at])) : undefined;
  // 4.2.5: the troops each army has left as it stands, and what a battle of this lock cost it.
  const troopsOf = new Map((standing ?? []).filter((a) => (a.troops ?? []).length > 0).map((a) => [key(a.name), a.troops!.reduce((n, t) => n + t.alive, 0)]));
  const troops = (name: string) => {
    const n = troopsOf.get(key(name));
    if (n === undefined) return '';
    const l = lost?.get(key(name)) ?? 0;
    return `; ${n} troops${l > 0 ? ` (lost ${l} in its battle rolled at this lock, 4.2.5)` : ''}`;
  };
  for (const a of update.armies) {
    const c = counts.find((x) => x.army === a.name);
    const at = now?.get(key(a.name));
    const move = a.from === a.at ? `at ${a.at}` : `${a.from} > ${a.at}`;
    if (now && at === undefined) { lines.push(`  ${a.name}: ${move}; then killed in a battle settled at this lock (see the Battle Results and Announcements)`); continue; }
    if (at !== undefined && at.toUpperCase() !== a.at.toUpperCase()) { lines.push(`  ${a.name}: ${move}; then ${at} after losing its battle at this lock (4.2.5), day 0${troops(a.name)}`); continue; }
    const days = c && c.purpose ? `, day ${c.days}${c.pendingBattle ? ' (+1 if it wins its battle)' : ''}` : '';
    lines.push(`  ${a.name}: ${move}${days}${troops(a.name)}`);
  }
  const notable = update.results.filter((r) => r.outcome !== 'moved' && r.outcome !== 'held');
  if (notable.length > 0) {
    lines.push('', 'Orders not carried out in full:');
    // The order as written names its army already ("Proxy1: 15H > 17H"): not twice.
    for (const r of notable) lines.push(`  ${r.order.trim().toLowerCase().startsWith(`${key(r.army)}:`) ? r.order.trim() : `${r.army}: ${r.order}`} — ${r.outcome}${r.reason ? `: ${r.reason}` : ''}`);
  }
  lines.push('', update.battles.length > 0 ? 'Battles:' : 'No battles.');
  // 4.1.2.3, 3.2.5: the attacker's side (both armies of a Joint Engage) attacks the other, as the announcement says.
  const teamOf = new Map((standing ?? []).filter((a) => a.team !== undefined).map((a) => [key(a.name), a.team!]));
  for (const b of update.battles) {
    if (!b.attacker) { lines.push(`  ${b.square}: ${b.armies.join(' vs ')}, no-attacker`); continue; }
    const side = teamOf.get(key(b.attacker));
    const attackers = side === undefined ? [b.attacker] : b.armies.filter((n) => teamOf.get(key(n)) === side);
    const defenders = b.armies.filter((n) => !attackers.includes(n));
    lines.push(`  ${b.square}: ${attackers.join(' and ')} ${attackers.length > 1 ? 'attack' : 'attacks'} ${defenders.join(' and ')}${b.jointEngage ? ' (Joint Engage)' : ''}`);
  }
  for (const t of update.transfers) lines.push(`  transfer ${t.from} → ${t.to}: ${t.when === 'now' ? 'this update' : t.when === 'after-battle' ? 'at the end of its battle' : 'if it wins its battle'} (3.2.4.3)`);
  return `${lines.join('\n')}\n`;
}
