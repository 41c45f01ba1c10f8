/**
 * Battle strategies (4.1.1, 5.2.3): who may send one for an army, and which one counts. Pure.
 *
 * 4.1.1: "the controller of each army will write up a battle strategy ... and E-mail it to the battle
 * judge" — the controller at the time the strategy is received (5.2.1: the list changes at the
 * request's timestamp). 5.2.3: "A contingency to a player is allowed to send in any battle strategies
 * required for that player in the last 24 hours before the deadline ... If both the contingency and
 * original controller send in strats, the original controllers will be used." Like orders (3.3.6),
 * the last strategy from the same person counts.
 */
import { contingencyWindowOpens, strategyOnTime } from './battle-timing.js';
import type { CommandForm } from '../../rules/command-form.js';

export type StrategyRole = 'controller' | 'contingency';

export type StrategyDecision =
  | { readonly ok: true; readonly role: StrategyRole; readonly controller: string }
  | { readonly ok: false; readonly code: 'late' | 'not-controller' | 'contingency-too-early' | 'no-controller'; readonly reason: string };

const k = (s: string) => s.trim().toLowerCase();

/**
 * May `sender` send the strategy for `army`, received at `receivedAt`? `controller` is the army's
 * controller at that instant (null: nobody); `contingencyOf` the contingency section of the control
 * list (player → his contingency).
 */
export function mayStrategise(
  sender: string, army: string, controller: string | null, contingencyOf: ReadonlyMap<string, string | null>, receivedAt: Date, deadline: Date,
): StrategyDecision {
  if (!strategyOnTime(receivedAt, deadline)) return { ok: false, code: 'late', reason: `received after the battle deadline (4.1.1, 3.1: the deadline's minute is in, the next is out)` };
  if (controller === null) return { ok: false, code: 'no-controller', reason: `${army} is controlled by nobody: your side's authorised players must give it a controller first (5.3.1)` };
  if (k(controller) === k(sender)) return { ok: true, role: 'controller', controller };
  const contingency = contingencyOf.get(k(controller)) ?? null;
  if (contingency !== null && k(contingency) === k(sender)) {
    const opens = contingencyWindowOpens(deadline);
    if (receivedAt.getTime() < opens.getTime()) return { ok: false, code: 'contingency-too-early', reason: `you are ${controller}'s contingency: your strategy counts only in the last 24 hours before the deadline (5.2.3), from ${opens.toISOString().replace('.000Z', 'Z')}` };
    return { ok: true, role: 'contingency', controller };
  }
  return { ok: false, code: 'not-controller', reason: `${army} is controlled by ${controller}${contingency ? `, whose contingency is ${contingency}` : ''}; only they may send its strategy (4.1.1, 5.2.3). A strategy for an army you do not control is reported to the Battle Judge (5.4.1)` };
}

export interface StoredStrategy {
  readonly id: number;
  readonly army: string;
  readonly senderName: string;
  readonly role: StrategyRole;
  readonly receivedAt: Date;
}

/**
 * 5.2.3, 3.3.6: the strategy that counts for `army`: the original controller's last one if he sent
 * any, else the contingency's last one; undefined: stratless (4.2.1).
 */
export function countingStrategy<S extends StoredStrategy>(strategies: readonly S[], army: string): S | undefined {
  const mine = strategies.filter((s) => k(s.army) === k(army)).sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.id - b.id);
  const byController = mine.filter((s) => s.role === 'controller');
  return (byController.length > 0 ? byController : mine).at(-1);
}

/** The first line of a strategy mailed to the battle address (4.1.1), as the manual shows it. */
export const STRATEGY_HEADER_FORM: CommandForm = { form: 'STRATEGY FOR <army>', example: 'STRATEGY FOR Sai Rei' };

/** The army a strategy message is for: its `STRATEGY FOR <army>` line, else the sender's only army in battle. */
export function readStrategyHeader(text: string): { army: string | null; line: number | null; body: string } {
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (t === '') continue;
    const m = /^strat(?:egy)?\s+(?:for\s+)?(.+?)\s*:?\s*$/i.exec(t);
    if (m) return { army: m[1]!, line: i + 1, body: lines.slice(i + 1).join('\n').trim() };
    break;
  }
  return { army: null, line: null, body: text.trim() };
}
