/**
 * The movement update (chapter 3) as one pure function: the state at the lock and the orders in,
 * every army's new square, the battles for the next turn, and a result per order that says why.
 * Deterministic except where the rules say "random" (a route not given, 3.2.2.4; equal distances in
 * an intercept, 3.2.3.2): those use the {@link DiceStream}, each roll recorded with its purpose.
 *
 * Order of the work: choose each army's order (3.3.6, 5.4.2) → check each against the map as it
 * stood when posted (3.2.2.2, 3.2.4, 3.2.5.4) → Joint Engages (3.2.5) → Intercepts (3.2.3) → all moves
 * at once (3.3.4), friendly arrivals by distance, then timestamp, then order within the message
 * (3.3.1), losers making partial moves (3.3.2), mercenaries giving way (3.3.5), until nothing
 * changes → battles where enemies share a square → transfers (3.2.4.3) and long moves (3.2.2.3).
 */
import type { DiceStream } from '../../dice/index.js';
import { areEnemies, type Army } from '../armies/army.js';
import { mayJointEngage } from '../armies/ranks.js';
import type { CoalitionAction, MoveLeg, Square } from '../posts/post.js';
import { siteAt } from '../world/map.js';
import { isNextTo, keyOf, parseSquare, sameSquare, shortestPaths, squareDistance, type SquareKey } from '../world/square.js';
import { compareOrders, selectOrders } from './select-orders.js';
import type { Battle, CarriedMove, MovementOrder, MovementReasonCode, MovementResult, MovementState, MovementUpdate, TransferEffect } from './types.js';

/** An army's plan for the turn, and where it stands as the resolution goes on. */
interface Plan {
  readonly army: Army;
  readonly index: number;
  readonly start: Square;
  /** The order it carries out (undefined: no order, or a carried long move without one). */
  readonly order?: Pick<MovementOrder, 'at' | 'post' | 'line' | 'text'>;
  /** Set for a move (including a Joint Engage treated as a move): this turn's destination. */
  dest?: Square;
  /** The route walked; fixed when given, else chosen at random when it first matters (3.2.2.4). */
  route?: Square[];
  routeGiven: boolean;
  /** Later legs of a long move (3.2.2.3). */
  rest: readonly MoveLeg[];
  /** Where it ends, as resolved so far. */
  end: Square;
  /** True once it has to stop short (3.3.2): such moves yield to intentional ones. */
  partial: boolean;
  /** A member of this turn's Joint Engage (3.2.5.2). */
  jointEngage: boolean;
  intercept?: string;
  transfer?: { to: Army };
  /** The reason for the outcome, once one applies. */
  code: MovementReasonCode | null;
  reason: string | null;
  intercepted: boolean;
  /** Squares it may not end on (an interceptor's square it lost the race to, 3.2.3.2). */
  barred: Set<SquareKey>;
  /** An intercept order, a transfer, a hold: the army stays by its own order. */
  holds: boolean;
  rejected?: { code: MovementReasonCode; reason: string };
}

function nameKey(s: string): string {
  return s.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Carry out one turn's movement. Pure: no clock, no I/O; chance only through `dice`. Never throws for
 * bad orders (they are `rejected` results); throws only if an army stands off the grid.
 */
export function adjudicateMovement(state: MovementState, orders: readonly MovementOrder[], dice: DiceStream): MovementUpdate {
  const { chosen, results } = selectOrders(state, orders);
  const at = new Map<string, Square>();
  for (const a of state.armies) {
    const sq = parseSquare(a.at);
    if (!sq) throw new Error(`army ${a.name} stands on "${a.at}", not a square`);
    at.set(nameKey(a.name), sq);
  }
  const startOf = (a: Army): Square => at.get(nameKey(a.name))!;
  const byName = (n: string): Army | undefined => state.armies.find((a) => nameKey(a.name) === nameKey(n));
  const armiesAt = (s: Square, except?: Army): Army[] => state.armies.filter((a) => a !== except && sameSquare(startOf(a), s));
  /** 3.2.1: an army sharing its square with an enemy at the start of the turn is fighting. */
  const inBattle = (a: Army): boolean => armiesAt(startOf(a), a).some((b) => areEnemies(a, b));

  const plans: Plan[] = state.armies.map((army, index) => ({
    army, index, start: startOf(army), end: startOf(army), routeGiven: false, rest: [], partial: false, jointEngage: false,
    code: null, reason: null, intercepted: false, barred: new Set<SquareKey>(), holds: false,
  }));
  const planOf = (a: Army): Plan => plans[state.armies.indexOf(a)]!;
  const chosenByArmy = new Map(chosen.map((c) => [c.army, c]));

  // ---- each army's order, checked against the map as posted (the positions at the start of the turn)
  const jePlans: Plan[] = [];
  for (const plan of plans) {
    const c = chosenByArmy.get(plan.army);
    const carried = state.carriedMoves ? Object.entries(state.carriedMoves).find(([k]) => nameKey(k) === nameKey(plan.army.name))?.[1] : undefined;
    if (!c) {
      if (carried && carried.legs.length > 0) setCarried(plan, carried);
      continue;
    }
    Object.assign(plan, { order: c.order });
    const reject = (code: MovementReasonCode, reason: string): void => void (plan.rejected = { code, reason });
    if (!c.action) {
      reject(c.unreadable?.code ?? 'unreadable', c.unreadable?.reason ?? 'the order could not be read');
      continue;
    }
    checkAction(plan, c.action, reject);
    if (plan.rejected) continue;
    if (c.action.kind === 'jointEngage') jePlans.push(plan);
  }

  function setCarried(plan: Plan, carried: CarriedMove): void {
    Object.assign(plan, { order: { at: carried.at, post: carried.post, line: carried.line, text: carried.text } });
    if (inBattle(plan.army)) {
      plan.holds = true;
      plan.code = 'inBattle';
      plan.reason = `${plan.army.name} is in battle: the rest of its long move is cancelled (3.2.2.3)`;
      return;
    }
    const [leg, ...rest] = carried.legs;
    if (!leg) return;
    plan.dest = leg.to;
    plan.rest = rest;
    if (leg.route) {
      plan.route = [...leg.route];
      plan.routeGiven = true;
    }
  }

  function checkAction(plan: Plan, action: CoalitionAction, reject: (code: MovementReasonCode, reason: string) => void): void {
    const a = plan.army;
    const here = keyOf(plan.start);
    const fighting = inBattle(a);
    switch (action.kind) {
      case 'hold':
      case 'inBattle':
        plan.holds = true;
        return;
      case 'intercept': {
        const target = byName(action.army);
        if (!target || !areEnemies(a, target)) return reject('interceptNotEnemy', `${action.army} is not an enemy army on the map: Intercept names an enemy expected to move over ${a.name} (3.2.3.1)`);
        if (fighting) return reject('inBattle', `${a.name} is in battle at ${here}: fighting is its action this turn (3.2.1)`);
        plan.intercept = target.name;
        plan.holds = true;
        return;
      }
      case 'transfer': {
        const to = byName(action.army);
        if (!to || to.team !== a.team || to === a) return reject('transferTarget', `${action.army} is not a friendly army: a transfer goes to a friendly army next to the sender (3.2.4.1)`);
        if (!sameSquare(startOf(to), action.at)) return reject('transferTarget', `${to.name} is at ${keyOf(startOf(to))}, not ${keyOf(action.at)} (3.2.4.2)`);
        if (!isNextTo(plan.start, startOf(to))) return reject('transferNotNextTo', `${to.name} at ${keyOf(startOf(to))} is not next to ${a.name} at ${here} (3.2.4.1)`);
        if (siteAt(state.map, here)) return reject('transferFromSite', `${a.name} is in a base, portal or town at ${here}: the sending army cannot be (3.2.4.1)`);
        if (fighting) return reject('inBattle', `${a.name} is in battle at ${here}: fighting is its action this turn (3.2.1)`);
        plan.transfer = { to };
        plan.holds = true;
        return;
      }
      case 'move':
      case 'jointEngage': {
        if (!sameSquare(action.from, plan.start)) return reject('wrongOrigin', `${a.name} is at ${here}, not ${keyOf(action.from)} (3.2.2.5)`);
        if (fighting) return reject('inBattle', `${a.name} is in battle at ${here}: fighting is its action this turn, and a long move is cancelled (3.2.1, 3.2.2.3)`);
        const leg: MoveLeg = action.kind === 'move' ? action.legs[0] : { to: action.to, ...(action.route ? { route: action.route } : {}) };
        if (action.kind === 'jointEngage') {
          if (!mayJointEngage(a.rank)) return reject('rankMayNotJointEngage', `${a.name} is a ${a.rank} army: armies of rank Captain/Evincar or above cannot Joint Engage (3.2.5.4)`);
          if (siteAt(state.map, keyOf(action.to))) return reject('jointEngageOnSite', `${keyOf(action.to)} is a base, town or portal: no Joint Engage may target one (3.2.5.4)`);
        } else {
          // 3.2.2.2: engage/replace as the map stood when the move was posted.
          const occupants = armiesAt(leg.to, a);
          const last = action.legs.length === 1;
          if (occupants.length > 0 && !sameSquare(leg.to, plan.start)) {
            if (!last) {
              return reject('longStepOccupied', `${occupants.map((o) => o.name).join(' and ')} ${occupants.length > 1 ? 'are' : 'is'} at ${keyOf(leg.to)}: post that step alone, with "engage" or "replace" (3.2.2.2, 3.2.2.3)`);
            }
            const named = action.destinationArmy;
            const enemies = occupants.filter((o) => areEnemies(a, o));
            const friends = occupants.filter((o) => !areEnemies(a, o));
            const hit = named ? occupants.find((o) => nameKey(o.name) === nameKey(named.army)) : undefined;
            if (!named || !hit) {
              const need = enemies[0] ? `engage ${enemies[0].name}` : `replace ${friends[0]!.name}`;
              const code: MovementReasonCode = !named ? (enemies[0] ? 'missingEngage' : 'missingReplace') : 'wrongTarget';
              return reject(code, `${occupants.map((o) => o.name).join(' and ')} ${occupants.length > 1 ? 'are' : 'is'} at ${keyOf(leg.to)} when the move was posted: add "; ${need}" (3.2.2.2)`);
            }
            const kindOk = areEnemies(a, hit) ? named.kind === 'engage' : named.kind === 'replace';
            if (!kindOk) return reject('wrongTarget', `${hit.name} is ${areEnemies(a, hit) ? 'an enemy: write "engage' : 'friendly: write "replace'} ${hit.name}" (3.2.2.2)`);
          }
          plan.rest = action.legs.slice(1);
        }
        plan.dest = leg.to;
        if (leg.route) {
          plan.route = [...leg.route];
          plan.routeGiven = true;
        }
        plan.jointEngage = action.kind === 'jointEngage';
        return;
      }
    }
  }

  // ---- 3.2.5 Joint Engage
  resolveJointEngages(jePlans, plans);

  // Routes: given, or chosen at random when it matters (3.2.2.4).
  const routeOf = (p: Plan): Square[] => {
    if (!p.dest) return [p.start];
    if (!p.route) {
      const paths = shortestPaths(p.start, p.dest);
      p.route = dice.pick(paths, `route of ${p.army.name} ${keyOf(p.start)} > ${keyOf(p.dest)} (3.2.2.4)`);
    }
    return p.route;
  };
  const movers = (): Plan[] => plans.filter((p) => p.dest && !p.rejected);
  for (const p of movers()) p.end = p.dest!;

  // ---- 3.2.3 Intercepts
  const interceptors = plans.filter((p) => p.intercept && !p.rejected);
  for (const x of movers()) {
    const mine = interceptors.filter((i) => nameKey(i.intercept!) === nameKey(x.army.name));
    if (mine.length === 0) continue;
    // Does the move cross an interceptor's square (not its start, not its end)? Only then does the route matter.
    const crossable = mine.filter((i) => shortestPaths(x.start, x.dest!).some((path) => path.slice(1, -1).some((s) => sameSquare(s, i.start))) || (x.routeGiven && x.route!.slice(1, -1).some((s) => sameSquare(s, i.start))));
    if (crossable.length === 0) continue;
    const route = routeOf(x);
    const hitAt = route.slice(1, -1).findIndex((s) => crossable.some((i) => sameSquare(i.start, s)));
    if (hitAt < 0) continue;
    const square = route[hitAt + 1]!;
    const i = crossable.find((c) => sameSquare(c.start, square))!;
    // 3.2.3.2: another enemy engaging the interceptor — the closer fights it; equal distance at random.
    const rivals = movers().filter((b) => b !== x && sameSquare(b.dest!, i.start) && areEnemies(b.army, i.army));
    const dx = squareDistance(x.start, i.start);
    let xFights = true;
    const rival = rivals.sort((a, b) => squareDistance(a.start, i.start) - squareDistance(b.start, i.start) || compareOrders(a.order!, b.order!))[0];
    if (rival) {
      const db = squareDistance(rival.start, i.start);
      xFights = dx < db || (dx === db && dice.pick([x, rival], `intercept at ${keyOf(i.start)}: ${x.army.name} or ${rival.army.name}, both ${dx} away (3.2.3.2)`) === x);
      if (xFights) {
        rival.barred.add(keyOf(i.start));
        rival.code = 'lostInterceptRace';
        rival.reason = `${x.army.name} was closer to ${i.army.name}'s intercept at ${keyOf(i.start)} and fights it: ${rival.army.name} stops short (3.2.3.2, 3.3.2)`;
      }
    }
    if (xFights) {
      x.end = square;
      x.route = route.slice(0, hitAt + 2);
      x.intercepted = true;
      x.code = 'intercepted';
      x.reason = `intercepted by ${i.army.name} at ${keyOf(square)} (3.2.3)`;
      x.rest = [];
    }
  }

  // ---- 3.3.1–3.3.5: settle every square until nothing changes
  const isStayer = (p: Plan): boolean => !p.dest || !!p.rejected;
  const stayerEnemyAt = (p: Plan, s: Square): boolean => plans.some((q) => isStayer(q) && sameSquare(q.start, s) && areEnemies(p.army, q.army));
  /** Step back along the route to the nearest square it may end on (3.3.2). */
  const stepBack = (p: Plan, code: MovementReasonCode, reason: string): void => {
    const route = routeOf(p);
    let k = route.findIndex((s) => sameSquare(s, p.end));
    if (k < 0) k = route.length - 1;
    for (k = k - 1; k > 0; k--) {
      const s = route[k]!;
      if (!p.barred.has(keyOf(s)) && !stayerEnemyAt(p, s)) break;
    }
    p.end = route[Math.max(k, 0)]!;
    p.partial = true;
    p.intercepted = false;
    if (p.code === null || p.code === 'intercepted' || p.code === 'lostInterceptRace') {
      p.code = code;
      p.reason = reason;
    }
  };
  for (const p of movers()) if (p.barred.has(keyOf(p.end))) stepBack(p, 'lostInterceptRace', p.reason ?? 'stopped short (3.3.2)');

  const rank = (p: Plan): [number, number, number, string, number] => {
    if (sameSquare(p.end, p.start)) return [0, 0, 0, '', p.index];
    const o = p.order;
    return [p.partial ? 2 : 1, squareDistance(p.start, p.dest ?? p.start), o ? o.at.getTime() : 0, o?.post ?? '', o?.line ?? p.index];
  };
  const before = (a: Plan, b: Plan): number => {
    const x = rank(a);
    const y = rank(b);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return a.index - b.index;
  };
  for (let round = 0; round < plans.length * 8 + 8; round++) {
    let changed = false;
    const bySquare = new Map<SquareKey, Plan[]>();
    for (const p of plans) bySquare.set(keyOf(p.end), [...(bySquare.get(keyOf(p.end)) ?? []), p]);
    for (const [square, all] of bySquare) {
      const here = all.filter((p) => keyOf(p.end) === square); // stepBack may have moved some this round
      // 3.3.1: two friendly armies can never share a square (except the Joint Engage pair, 3.2.5.2).
      const teams = new Map<string, Plan[]>();
      for (const p of here) teams.set(p.army.team, [...(teams.get(p.army.team) ?? []), p]);
      for (const [, side] of teams) {
        if (side.length < 2) continue;
        const sorted = [...side].sort(before);
        const pair = sorted.filter((p) => p.jointEngage && !p.partial);
        const keep = pair.length === 2 && sorted.length >= 2 && sorted.slice(0, 2).every((p) => pair.includes(p)) ? 2 : 1;
        for (const loser of sorted.slice(keep)) {
          if (sameSquare(loser.end, loser.start)) continue; // cannot happen: its own square ranks first
          const winner = sorted[0]!;
          stepBack(loser, 'friendlyArrivedFirst', `${winner.army.name} ${sameSquare(winner.end, winner.start) ? 'stays at' : 'arrives first at'} ${keyOf(loser.end)} and two friendly armies never share a square (3.3.1): ${loser.army.name} stops short (3.3.2)`);
          changed = true;
        }
      }
      // 3.3.5: Coalition, Phyrexian and Mercenary armies entering one square — the mercenary gives way.
      const present = new Set(here.map((p) => p.army.team));
      if (present.has('coalition') && present.has('phyrexia') && present.has('mercenary')) {
        for (const m of here.filter((p) => p.army.team === 'mercenary' && !sameSquare(p.end, p.start))) {
          stepBack(m, 'mercenaryGivesWay', `Coalition and Phyrexian armies enter ${keyOf(m.end)} too: the mercenary makes a partial move (3.3.5)`);
          changed = true;
        }
        const rest = here.filter((p) => keyOf(p.end) === square);
        if (rest.some((p) => p.army.team === 'mercenary')) {
          // The mercenary stands there: of the two entering sides, the later gives way (one battle a square).
          const entering = rest.filter((p) => !sameSquare(p.end, p.start)).sort(before);
          for (const late of entering.slice(1)) {
            if (late.army.team === entering[0]!.army.team) continue;
            stepBack(late, 'friendlyArrivedFirst', `${entering[0]!.army.name} enters ${keyOf(late.end)} first and fights the mercenary there (3.3.2)`);
            changed = true;
          }
        }
      }
    }
    if (!changed) break;
  }

  // ---- battles: enemies sharing a square
  const battles: Battle[] = [];
  const seen = new Set<SquareKey>();
  for (const p of plans) {
    const k = keyOf(p.end);
    if (seen.has(k)) continue;
    seen.add(k);
    const here = plans.filter((q) => sameSquare(q.end, p.end));
    if (new Set(here.map((q) => q.army.team)).size < 2) continue;
    const arrived = here.filter((q) => !sameSquare(q.start, q.end)).sort(before);
    if (arrived.length === 0) continue; // the battle of last turn, still being fought (4.2.5 separates them)
    const stayed = here.filter((q) => sameSquare(q.start, q.end));
    const attacker = stayed.length > 0 && arrived.some((q) => stayed.some((s) => areEnemies(s.army, q.army))) ? arrived.find((q) => stayed.some((s) => areEnemies(s.army, q.army)))! : undefined;
    const ordered = attacker ? [attacker, ...here.filter((q) => q !== attacker)] : here;
    battles.push({ square: k, armies: ordered.map((q) => q.army.name), attacker: attacker ? attacker.army.name : null, jointEngage: here.some((q) => q.jointEngage && !q.partial) });
  }
  const battleAt = new Set(battles.map((b) => b.square));

  // ---- transfers (3.2.4.3) and long moves (3.2.2.3)
  const transfers: TransferEffect[] = [];
  const carriedMoves: Record<string, CarriedMove> = {};
  for (const p of plans) {
    if (p.transfer && !p.rejected) {
      const r = planOf(p.transfer.to);
      if (!sameSquare(r.end, r.start)) {
        p.rejected = { code: 'transferReceiverMoved', reason: `${r.army.name} moved away: it does not receive the troops (3.2.4.1)` };
      } else {
        const when = inBattle(r.army) ? 'if-wins' : battleAt.has(keyOf(r.end)) ? 'after-battle' : 'now';
        transfers.push({ from: p.army.name, to: r.army.name, when });
      }
    }
    if (p.dest && !p.rejected && p.rest.length > 0 && sameSquare(p.end, p.dest) && !p.partial && !p.intercepted) {
      if (battleAt.has(keyOf(p.end))) {
        p.reason = `in battle at ${keyOf(p.end)}: the rest of the long move is cancelled (3.2.2.3)`;
      } else if (p.order) {
        carriedMoves[p.army.name] = { legs: p.rest, at: p.order.at, post: p.order.post, line: p.order.line, text: p.order.text };
      }
    }
  }

  // ---- results of the orders carried out
  for (const c of chosen) {
    const p = planOf(c.army);
    results.push(resultOf(p, c.order));
  }
  results.sort((a, b) => {
    const x = orders.findIndex((o) => o.post === a.post && o.line === a.line && nameKey(o.army) === nameKey(a.army));
    const y = orders.findIndex((o) => o.post === b.post && o.line === b.line && nameKey(o.army) === nameKey(b.army));
    return x - y;
  });
  return {
    armies: plans.map((p) => ({ name: p.army.name, from: keyOf(p.start), at: keyOf(p.rejected ? p.start : p.end) })),
    battles,
    results,
    transfers,
    carriedMoves,
  };
}

function resultOf(p: Plan, order: MovementOrder): MovementResult {
  const base = { army: p.army.name, order: order.text, post: order.post, line: order.line };
  if (p.rejected) return { ...base, outcome: 'rejected', code: p.rejected.code, reason: p.rejected.reason, to: keyOf(p.start) };
  const to = keyOf(p.end);
  if (!p.dest) return { ...base, outcome: 'held', code: p.code, reason: p.reason, to };
  if (p.intercepted) return { ...base, outcome: 'intercepted', code: 'intercepted', reason: p.reason, to };
  if (p.partial) return { ...base, outcome: 'partial', code: p.code, reason: p.reason, to };
  return { ...base, outcome: 'moved', code: null, reason: p.reason, to };
}

/**
 * 3.2.5.2–3.2.5.4 on the plans of the armies that posted Joint Engage: exactly 2 of a team on one
 * square, no other army of that team moving to or staying in it, an enemy moving into or staying in
 * it; if only the enemy is missing, both simply move (3.3.1 decides); any other failure and the
 * order is ignored. One Joint Engage battle a turn: the earliest by the timestamp of the pair's
 * second order; the others make partial moves.
 */
function resolveJointEngages(je: Plan[], plans: Plan[]): void {
  const groups = new Map<string, Plan[]>();
  for (const p of je) {
    const k = `${p.army.team}|${keyOf(p.dest!)}`;
    groups.set(k, [...(groups.get(k) ?? []), p]);
  }
  const goingTo = (p: Plan): Square => (p.rejected || !p.dest ? p.start : p.dest);
  const success: { pair: Plan[]; second: Pick<MovementOrder, 'at' | 'post' | 'line'> }[] = [];
  for (const [, g] of groups) {
    const square = g[0]!.dest!;
    const team = g[0]!.army.team;
    const fail = (code: MovementReasonCode, reason: string): void => {
      for (const p of g) {
        p.rejected = { code, reason };
        p.dest = undefined;
      }
    };
    if (g.length !== 2) {
      fail('jointEngageCount', `${g.length} armies of the team posted Joint Engage on ${keyOf(square)}: exactly 2 may; the order is ignored (3.2.5.2, 3.2.5.3)`);
      continue;
    }
    const third = plans.find((q) => !g.includes(q) && q.army.team === team && sameSquare(goingTo(q), square));
    if (third) {
      fail('jointEngageThirdArmy', `${third.army.name}, of the same team, is also moving to or staying in ${keyOf(square)}: the Joint Engage is ignored (3.2.5.2, 3.2.5.3)`);
      continue;
    }
    const enemy = plans.some((q) => areEnemies(q.army, g[0]!.army) && sameSquare(goingTo(q), square));
    if (!enemy) continue; // 3.2.5.3: treated as a normal move; jointEngage stays false below
    const second = [...g].map((p) => p.order!).sort(compareOrders)[1]!;
    success.push({ pair: g, second });
  }
  for (const p of je) p.jointEngage = false;
  success.sort((a, b) => compareOrders(a.second, b.second));
  const first = success[0];
  for (const s of success) {
    const allowed = first !== undefined && sameSquare(s.pair[0]!.dest!, first.pair[0]!.dest!);
    for (const p of s.pair) {
      if (allowed) {
        p.jointEngage = true;
      } else {
        // 3.2.5.4: only the first goes through; the others complete partial moves.
        p.barred.add(keyOf(p.dest!));
        p.code = 'jointEngageLimit';
        p.reason = `only one Joint Engage a turn: the one at ${keyOf(first!.pair[0]!.dest!)} was completed first (3.2.5.4); partial move (3.3.2)`;
      }
    }
  }
}
