/**
 * The control (proxy) list's history (chapter 5), pure: the list at an instant from the changes
 * requested by mail (5.2.1: effective at the request's timestamp), and whether a requested change
 * is allowed (5.2.2, 5.3). One list at one instant is ./control.ts's.
 */
import type { ControlList } from './control.js';
import { mayControl, type ArmyRank, type PlayerRank } from './ranks.js';

type Team = 'coalition' | 'phyrexia';

export interface ControlPlayer {
  readonly name: string;
  readonly team: Team;
  readonly rank: string;
  /** 5.2.2.1: may request control changes. */
  readonly authority: boolean;
}

export interface ControlArmy {
  readonly name: string;
  readonly team: Team | 'mercenary';
  readonly rank: string;
}

/** One change of the list, effective at its request's timestamp (5.2.1). */
export interface ControlChange {
  readonly army: string;
  /** The new controller's name; null: nobody (5.3.1 demotion). */
  readonly controller: string | null;
  readonly effectiveAt: Date;
}

const key = (name: string) => name.trim().toLowerCase();

/**
 * 5.2.1: the controller of every army at `at`: the latest change at or before that instant; "an army
 * not on this list is assumed to be controlled by the player of the same name (if there is one)".
 * Keys are lower-case army names; values the controller's name as registered, or null.
 */
export function controlAt(armies: readonly ControlArmy[], players: readonly ControlPlayer[], changes: readonly ControlChange[], at: Date): Map<string, string | null> {
  const byName = new Map(players.map((p) => [key(p.name), p.name]));
  const out = new Map<string, string | null>();
  for (const a of armies) if (a.team !== 'mercenary') out.set(key(a.name), byName.get(key(a.name)) ?? null);
  const sorted = [...changes].filter((c) => c.effectiveAt.getTime() <= at.getTime()).sort((x, y) => x.effectiveAt.getTime() - y.effectiveAt.getTime());
  for (const c of sorted) out.set(key(c.army), c.controller === null ? null : byName.get(key(c.controller)) ?? c.controller);
  return out;
}

/**
 * 5.4.2: "The judges are encouraged not to impose penalties on players who posted with an army they
 * controlled, and then lost control of that army." Given the control at the instant an order was
 * posted (`atPost`) and the list's changes, the instant the sender lost the army before the lock, or
 * null when he did not control it when posting (then 5.4.1 applies).
 */
export function controlLostAfterPosting(atPost: ReadonlyMap<string, string | null>, changes: readonly ControlChange[], army: string, sender: string, postedAt: Date, lockAt: Date): Date | null {
  const then = atPost.get(key(army)) ?? null;
  if (then === null || key(then) !== key(sender)) return null;
  const lost = [...changes]
    .filter((c) => key(c.army) === key(army) && c.effectiveAt.getTime() > postedAt.getTime() && c.effectiveAt.getTime() <= lockAt.getTime() && (c.controller === null || key(c.controller) !== key(sender)))
    .sort((x, y) => x.effectiveAt.getTime() - y.effectiveAt.getTime());
  return lost[0]?.effectiveAt ?? null;
}

/**
 * Chapter 6: the mercenary armies "are neutral armies controlled by the Mercenary Judge": each is
 * his (`judge` null: the round has none, and they are controlled by nobody, so they hold).
 */
export function withMercenaryJudge(control: ReadonlyMap<string, string | null>, armies: readonly ControlArmy[], judge: string | null): Map<string, string | null> {
  const out = new Map(control);
  for (const a of armies) if (a.team === 'mercenary') out.set(key(a.name), judge);
  return out;
}

/** The list in the form the movement update reads (./control.ts): army → its controller. */
export function asControlList(control: ReadonlyMap<string, string | null>, armies: readonly ControlArmy[]): ControlList {
  const out: Record<string, string[]> = {};
  for (const a of armies) if (control.has(key(a.name))) out[a.name] = control.get(key(a.name)) === null ? [] : [control.get(key(a.name))!];
  return out;
}

/** The armies `player` controls in `control`, as their keys. */
export function armiesOf(control: ReadonlyMap<string, string | null>, player: string): string[] {
  return [...control].filter(([, c]) => c !== null && key(c) === key(player)).map(([a]) => a);
}

export type ControlRefusal =
  | 'no-authority'
  | 'unknown-army'
  | 'unknown-player'
  | 'other-team'
  | 'rank'
  | 'namesake'
  | 'last-army'
  | 'no-change';

export interface ControlRequest {
  readonly requester: string;
  readonly army: string;
  /** The new controller; null: nobody. */
  readonly to: string | null;
}

/**
 * Whether a requested change is allowed (5.2.2.1, 5.3): requested by a player of the army's side with
 * authority; the new controller on that side and of a rank that may hold it (5.3.1: no army above the
 * player's own rank, except from Evincar/Captain up); a namesake army not taken from its player
 * unless he asks himself (5.3.2); an active player's last army never taken away (5.3.4). 5.3.3 is
 * obsolete and not enforced, as the seed says. The Battle Judge may overrule (5.2.2.2) from the CLI.
 */
export function checkControlChange(req: ControlRequest, armies: readonly ControlArmy[], players: readonly ControlPlayer[], control: ReadonlyMap<string, string | null>): { ok: true } | { ok: false; code: ControlRefusal; message: string } {
  const requester = players.find((p) => key(p.name) === key(req.requester));
  const army = armies.find((a) => key(a.name) === key(req.army));
  if (!army || army.team === 'mercenary') return { ok: false, code: 'unknown-army', message: `there is no army "${req.army}" on your side's list` };
  if (!requester || requester.team !== army.team) return { ok: false, code: 'other-team', message: `${army.name} is not an army of your side` };
  if (!requester.authority) return { ok: false, code: 'no-authority', message: `only the two players of your side with authority over the control list may change it (5.2.2.1); you are not one of them` };
  const current = control.get(key(army.name)) ?? null;
  let target: ControlPlayer | undefined;
  if (req.to !== null) {
    target = players.find((p) => key(p.name) === key(req.to!));
    if (!target) return { ok: false, code: 'unknown-player', message: `there is no player "${req.to}" in this game` };
    if (target.team !== army.team) return { ok: false, code: 'other-team', message: `${target.name} plays for the other side` };
    if (target.rank === 'cadet' || target.rank === 'drudge') return { ok: false, code: 'rank', message: `${target.name} is a ${target.rank}, who controls no army (1.1)` };
    if (!mayControl(target.rank as PlayerRank, army.rank as ArmyRank)) return { ok: false, code: 'rank', message: `${army.name} is a ${army.rank} army, above ${target.name}'s rank (${target.rank}); only an Evincar/Captain or higher may control any army (5.3.1)` };
  }
  if (current !== null && target && key(current) === key(target.name)) return { ok: false, code: 'no-change', message: `${current} controls ${army.name} already` };
  const namesake = players.find((p) => key(p.name) === key(army.name));
  if (namesake && current !== null && key(current) === key(namesake.name) && key(req.requester) !== key(namesake.name)) {
    return { ok: false, code: 'namesake', message: `${army.name} is ${namesake.name}'s namesake army: it may not be taken from him without his permission (5.3.2); he can send the request himself, or the Battle Judge can rule` };
  }
  if (current !== null && armiesOf(control, current).length === 1) {
    return { ok: false, code: 'last-army', message: `${army.name} is ${current}'s last army, which may never be taken away from an active player (5.3.4); give him another army first` };
  }
  return { ok: true };
}

/**
 * 5.2.3: a change to the contingency section of the control list, requested by `requester`: like the
 * rest of the list it is changed by the side's two authorised players (5.2.2.1); both players are of
 * the requester's side, and nobody is his own contingency.
 */
export function checkContingencyChange(
  requester: ControlPlayer, player: string, contingency: string | null, players: readonly ControlPlayer[],
): { ok: true; player: string; contingency: string | null } | { ok: false; message: string } {
  const k = key;
  if (!requester.authority) return { ok: false, message: 'only the two players of your side with authority over the control list may change its contingency section (5.2.2.1, 5.2.3)' };
  const p = players.find((x) => k(x.name) === k(player));
  if (!p || p.team !== requester.team) return { ok: false, message: `no player "${player}" on your side` };
  if (contingency === null) return { ok: true, player: p.name, contingency: null };
  const c = players.find((x) => k(x.name) === k(contingency));
  if (!c || c.team !== requester.team) return { ok: false, message: `no player "${contingency}" on your side` };
  if (c.name === p.name) return { ok: false, message: `${p.name} cannot be his own contingency (5.2.3: "one other player")` };
  return { ok: true, player: p.name, contingency: c.name };
}
