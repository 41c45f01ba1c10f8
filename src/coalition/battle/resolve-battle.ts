/**
 * Battle resolution (chapter 4) for the Battle Judge's verdict: the service passes the battle, the
 * armies in it, the judge's strategy and size bonuses and losses (4.2.1, 4.2.2, 4.2.5: his formulas
 * are secret), and the dice; this adds the colour bonus (4.2.3), rolls four d20 per army and decides
 * the winner by most dice won (4.2.4), applies stratless (automatic loss, still rolls), 2-v-1 and
 * 2-v-2 (4.4), kill and capture attempts (4.3, 4.5), and moves the loser to a random empty square
 * next to the battle, or pushes it (4.2.5). Every roll goes through the {@link DiceStream} with its purpose.
 */
import type { DiceStream } from '../../dice/index.js';
import type { Army, Troop } from '../armies/army.js';
import type { TransferTroops } from '../armies/check-army.js';
import { mayBeCaptured } from '../armies/ranks.js';
import type { Team, WorldMap } from '../world/map.js';
import { keyOf, parseSquare, squareDistance, surroundingSquares, type SquareKey } from '../world/square.js';
import type { Battle } from '../movement/types.js';
import { colourBonus } from './colour-bonus.js';

/** 4.3.2: troops risked from the largest slot to kill. */
export const KILL_RISK = 500;
/** 4.5: troops of the lowest rank risked to capture. */
export const CAPTURE_RISK = 2000;
/** 4.2.1: the full strategy bonus, given automatically against a stratless army. */
export const FULL_STRATEGY_BONUS = 10;
/** 4.2.4: four d20 per army. */
export const BATTLE_DICE = 4;

/**
 * 4.2.1: "If one army fails to get a legal strat in by the deadline, the other army will automatically
 * get the full +10 bonus": the armies (of the battle's `armies`) whose side gets it, the judge's own
 * strategy figure for them being unused. A side is stratless when none of its armies sent one (4.4: a
 * stratless army beside a partner with a strategy only leaves); its opponents with a strategy get +10.
 */
export function automaticStrategyArmies(armies: readonly { readonly name: string; readonly team: string }[], stratless: readonly string[]): string[] {
  const none = new Set(stratless.map(key));
  const teams = [...new Set(armies.map((a) => a.team))];
  const withStrat = (t: string) => armies.filter((a) => a.team === t && !none.has(key(a.name)));
  if (teams.length !== 2) return [];
  const [x, y] = teams as [string, string];
  if (withStrat(x).length === 0 && withStrat(y).length > 0) return withStrat(y).map((a) => a.name);
  if (withStrat(y).length === 0 && withStrat(x).length > 0) return withStrat(x).map((a) => a.name);
  return [];
}

/** A kill (4.3) or capture (4.5) attempt written in a strategy, with the judge's modifiers for the pair of rolls. */
export interface AttemptVerdict {
  readonly by: string;
  readonly target: string;
  /** Added to the attacker's d20 / the target's d20 (the judge's secret formula, 4.3.3, 4.3.4). */
  readonly bonus?: number;
  readonly targetBonus?: number;
  /** 4.3.3: "a small chance to fail a kill without losing your risked troops" — the judge says so here. */
  readonly keepRiskedOnFailure?: boolean;
}

/** What the Battle Judge decides (4.2.1, 4.2.2, 4.2.5, 4.3, 4.4, 4.5). */
export interface BattleVerdict {
  /** 4.2.1: strategy bonus, 0–10, by army (given to the better strategy's army). */
  readonly strategy?: Readonly<Record<string, number>>;
  /** 4.2.2: size bonus, 0–10, by army (given to the larger army or side). */
  readonly size?: Readonly<Record<string, number>>;
  /** 4.2.1, 4.2.4: armies with no legal strategy by the deadline. */
  readonly stratless?: readonly string[];
  /** 4.2.5: troops lost per army by the judge's formula (applied to the living troops). */
  readonly losses?: Readonly<Record<string, readonly TransferTroops[]>>;
  readonly kill?: AttemptVerdict;
  readonly capture?: AttemptVerdict;
  /** 4.4: which winning army leaves the square of a 2-army win, and where to, as the strategies say. */
  readonly leaving?: { readonly army: string; readonly to?: SquareKey };
}

export interface BattleInput {
  readonly battle: Battle;
  readonly map: WorldMap;
  /** Every army on the map (those in the battle with their troops): for empty squares and capture teleports. */
  readonly armies: readonly Army[];
}

export interface SideResult {
  readonly team: Team;
  readonly armies: readonly string[];
  /** Strategy + size bonuses of the side's armies (4.2.1, 4.2.2). */
  readonly bonus: number;
  /** Each participating army's four d20 as thrown and its colour bonus. */
  readonly rolls: readonly { readonly army: string; readonly dice: readonly number[]; readonly colourBonus: number }[];
  /** The side's four modified dice: per die, the best of its armies' (die + colour bonus), plus `bonus`. */
  readonly modified: readonly number[];
  readonly diceWon: number;
  readonly stratless: boolean;
}

export interface ArmyMove {
  readonly army: string;
  readonly to: SquareKey;
  /** 4.2.5: no empty square next to the battle: pushed onto an occupied one, to fight again next turn. */
  readonly pushed: boolean;
  readonly why: 'lost' | 'second-winner' | 'stratless-partner' | 'captured' | 'bumped';
}

export interface AttemptResult {
  readonly kind: 'kill' | 'capture';
  readonly by: string;
  readonly target: string;
  readonly attempted: boolean;
  readonly succeeded: boolean;
  readonly rolls?: { readonly by: number; readonly target: number };
  readonly riskedLost: number;
  readonly why: string;
}

export interface BattleOutcome {
  readonly square: SquareKey;
  readonly winner: Team;
  readonly loser: Team;
  readonly sides: readonly [SideResult, SideResult];
  /** How the winner was found. */
  readonly decidedBy: 'dice' | 'stratless' | 'dice-total' | 'defender' | 'coin';
  /** 4.4: armies of a 2-army side that sent no strategy while the other did: they do not fight. */
  readonly notParticipating: readonly string[];
  readonly moves: readonly ArmyMove[];
  readonly attempts: readonly AttemptResult[];
  /** 4.3: armies killed and removed from the map. */
  readonly killed: readonly string[];
  /** The armies of the battle after losses, risked troops, capture (team, colours) and moves. */
  readonly armies: readonly Army[];
}

function key(s: string): string {
  return s.trim().toLowerCase();
}

/** Take `count` troops of `creature` (or from the given slot, largest first) off the living. */
export function applyLosses(army: Army, losses: readonly TransferTroops[], countingDay?: number): Army {
  const troops = [...(army.troops ?? [])];
  for (const l of losses) {
    const i = troops.findIndex((t) => key(t.creature) === key(l.creature));
    if (i < 0) continue;
    const t = troops[i]!;
    const n = Math.min(t.alive, Math.max(0, l.count));
    troops[i] = withLoss(t, n, countingDay);
  }
  return { ...army, troops };
}

function withLoss(t: Troop, n: number, countingDay: number | undefined): Troop {
  if (n === 0) return t;
  const during = countingDay && countingDay > 0 ? [...(t.lostDuringCount ?? []), { day: countingDay, count: n }] : t.lostDuringCount;
  return { ...t, alive: t.alive - n, ...(during ? { lostDuringCount: during } : {}) };
}

/** Take up to `n` living troops from one slot (3 = largest creatures, 0 = smallest). */
function loseFromSlot(army: Army, slot: number, n: number): { army: Army; lost: number } {
  let left = n;
  const troops = (army.troops ?? []).map((t) => {
    if (t.slot !== slot || left === 0) return t;
    const k = Math.min(left, t.alive);
    left -= k;
    return withLoss(t, k, army.days);
  });
  return { army: { ...army, troops }, lost: n - left };
}

function aliveInSlot(army: Army, slot: number): number {
  return (army.troops ?? []).filter((t) => t.slot === slot).reduce((a, t) => a + t.alive, 0);
}

/** Resolve one battle with the judge's verdict. Throws only if the battle's armies are not in `input.armies`. */
export function resolveBattle(input: BattleInput, verdict: BattleVerdict, dice: DiceStream): BattleOutcome {
  const { battle, map } = input;
  const where = battle.square;
  const inBattle = battle.armies.map((n) => {
    const a = input.armies.find((x) => key(x.name) === key(n));
    if (!a) throw new Error(`battle at ${where}: no army ${n}`);
    return a;
  });
  const teams = [...new Set(inBattle.map((a) => a.team))];
  if (teams.length !== 2) throw new Error(`battle at ${where}: ${teams.length} sides`);
  const stratless = new Set((verdict.stratless ?? []).map(key));
  // 4.4: on a 2-army side, a stratless army with a partner that has a strategy does not take part.
  const notParticipating: Army[] = [];
  const sideArmies = teams.map((t) => {
    const all = inBattle.filter((a) => a.team === t);
    const withStrat = all.filter((a) => !stratless.has(key(a.name)));
    if (all.length > 1 && withStrat.length > 0 && withStrat.length < all.length) {
      notParticipating.push(...all.filter((a) => stratless.has(key(a.name))));
      return withStrat;
    }
    return all;
  });
  const sideStratless = sideArmies.map((as) => as.every((a) => stratless.has(key(a.name))));
  const bonusOf = (as: Army[], i: number): number => {
    const b = as.reduce((n, a) => n + (verdict.strategy?.[a.name] ?? 0) + (verdict.size?.[a.name] ?? 0), 0);
    // 4.2.1: against a stratless army, the other gets the full +10 strategy bonus.
    const other = sideStratless[1 - i]! && !sideStratless[i]!;
    const strat = as.reduce((n, a) => n + (verdict.strategy?.[a.name] ?? 0), 0);
    return other ? b - strat + FULL_STRATEGY_BONUS : b;
  };
  const rolls = sideArmies.map((as) => as.map((a) => ({
    army: a.name,
    dice: dice.roll(`${BATTLE_DICE}d20`, `battle at ${where}: ${a.name}'s four d20 (4.2.4)`).dice,
    colourBonus: colourBonus(a),
  })));
  const bonuses = sideArmies.map((as, i) => bonusOf(as, i));
  const modified = rolls.map((rs, i) => [0, 1, 2, 3].map((k) => Math.max(...rs.map((r) => r.dice[k]! + r.colourBonus)) + bonuses[i]!));
  const won = [0, 1].map((i) => [0, 1, 2, 3].filter((k) => modified[i]![k]! > modified[1 - i]![k]!).length);
  let winnerIdx: number;
  let decidedBy: BattleOutcome['decidedBy'];
  if (sideStratless[0] !== sideStratless[1]) {
    winnerIdx = sideStratless[0] ? 1 : 0; // 4.2.4: the stratless army loses automatically
    decidedBy = 'stratless';
  } else if (won[0] !== won[1]) {
    winnerIdx = won[0]! > won[1]! ? 0 : 1;
    decidedBy = 'dice';
  } else {
    const total = modified.map((m) => m.reduce((a, b) => a + b, 0));
    if (total[0] !== total[1]) {
      winnerIdx = total[0]! > total[1]! ? 0 : 1;
      decidedBy = 'dice-total';
    } else if (battle.attacker) {
      // 4.1.2.3: the army attacked is "officially the defender".
      const attackerTeam = inBattle.find((a) => key(a.name) === key(battle.attacker!))!.team;
      winnerIdx = teams[0] === attackerTeam ? 1 : 0;
      decidedBy = 'defender';
    } else {
      winnerIdx = dice.pick([0, 1], `battle at ${where}: equal dice, no defender — the winner at random`);
      decidedBy = 'coin';
    }
  }
  const loserIdx = 1 - winnerIdx;

  // Losses by the judge's formula.
  const current = new Map<string, Army>(inBattle.map((a) => [key(a.name), a]));
  for (const [name, ls] of Object.entries(verdict.losses ?? {})) {
    const a = current.get(key(name));
    if (a) current.set(key(name), applyLosses(a, ls, a.days));
  }

  // Kill (4.3) and capture (4.5).
  const attempts: AttemptResult[] = [];
  const killed: string[] = [];
  let captured: { army: string; team: Team; colours?: Army['colours'] } | undefined;
  const winners = sideArmies[winnerIdx]!;
  const attempt = (kind: 'kill' | 'capture', v: AttemptVerdict): void => {
    const by = current.get(key(v.by));
    const target = current.get(key(v.target));
    const risk = kind === 'kill' ? KILL_RISK : CAPTURE_RISK;
    const slot = kind === 'kill' ? 3 : 0;
    const base = { kind, by: v.by, target: v.target };
    if (!by || !target || by.team === target.team) {
      attempts.push({ ...base, attempted: false, succeeded: false, riskedLost: 0, why: `${v.by} and ${v.target} are not opponents in this battle` });
      return;
    }
    if (by.troops && aliveInSlot(by, slot) < risk) {
      attempts.push({ ...base, attempted: false, succeeded: false, riskedLost: 0, why: `${by.name} has fewer than ${risk} ${kind === 'kill' ? 'of its largest troops (4.3.2)' : 'of its lowest rank (4.5)'}` });
      return;
    }
    if (kind === 'capture' && !mayBeCaptured(target.rank)) {
      attempts.push({ ...base, attempted: false, succeeded: false, riskedLost: 0, why: `${target.name} is a ${target.rank} army: only Lieutenant/Centurion and Lt Cmdr/CPL armies can be captured (4.5)` });
      return;
    }
    // 6.3.2 Hellbent: "Raider armies do not lose their kill squads for a failed kill attempt."
    const hellbent = by.mercenary === 'raider' && kind === 'kill';
    const lose = (why: string, rolled?: { by: number; target: number }, keep = false): void => {
      const lost = hellbent || keep ? 0 : loseFromSlot(by, slot, risk).lost;
      if (lost > 0) current.set(key(by.name), loseFromSlot(by, slot, risk).army);
      const said = hellbent ? `${why.replace(/: the \d+ risked are killed/, '')}; Hellbent: a Raider keeps its kill squad (6.3.2)` : why;
      attempts.push({ ...base, attempted: true, succeeded: false, ...(rolled ? { rolls: rolled } : {}), riskedLost: lost, why: said });
    };
    if (!winners.some((w) => key(w.name) === key(by.name))) {
      lose(`${by.name} lost the battle: the ${risk} risked are killed (${kind === 'kill' ? '4.3.3' : '4.5'})`);
      return;
    }
    const a = dice.roll('d20', `${kind} attempt at ${where}: ${by.name}'s roll (${kind === 'kill' ? '4.3.3' : '4.5'})`).total + (v.bonus ?? 0);
    const d = dice.roll('d20', `${kind} attempt at ${where}: ${target.name}'s roll (${kind === 'kill' ? '4.3.3' : '4.5'})`).total + (v.targetBonus ?? 0);
    if (a <= d) {
      lose(`${kind} failed: ${a} against ${d}`, { by: a, target: d }, v.keepRiskedOnFailure === true);
      return;
    }
    attempts.push({ ...base, attempted: true, succeeded: true, rolls: { by: a, target: d }, riskedLost: 0, why: `${kind} succeeded: ${a} against ${d}` });
    if (kind === 'kill') killed.push(target.name);
    else captured = { army: target.name, team: by.team, ...(target.team === 'phyrexia' && by.team === 'coalition' && by.colours ? { colours: by.colours } : {}) };
  };
  if (verdict.kill) attempt('kill', verdict.kill);
  if (verdict.capture && !killed.some((k) => key(k) === key(verdict.capture!.target))) attempt('capture', verdict.capture);

  // Who leaves the square, and where (4.2.5, 4.4, 4.5).
  const battleSq = parseSquare(where)!;
  const occupied = new Set(input.armies.filter((a) => !inBattle.includes(a)).map((a) => a.at));
  const moves: ArmyMove[] = [];
  const around = surroundingSquares(battleSq).map(keyOf);
  const moveOut = (army: string, why: ArmyMove['why'], chosen?: SquareKey): void => {
    const empty = around.filter((s) => !occupied.has(s));
    if (chosen && empty.includes(chosen)) {
      moves.push({ army, to: chosen, pushed: false, why });
      occupied.add(chosen);
      return;
    }
    if (empty.length > 0) {
      const to = dice.pick(empty, `${army} leaves ${where} for a random empty square next to it (4.2.5)`);
      moves.push({ army, to, pushed: false, why });
      occupied.add(to);
      return;
    }
    const to = dice.pick(around, `${army} is pushed from ${where}: every square next to it is occupied (4.2.5)`);
    moves.push({ army, to, pushed: true, why });
  };
  if (captured) {
    // 4.5: teleported to the nearest unoccupied friendly base, else the nearest unoccupied town, else it stays.
    const friendly = (team: Team) => Object.entries(map.sites).filter(([sq, s]) => s.kind !== 'town' && s.team === team && !s.destroyed && !occupied.has(sq)).map(([sq]) => sq);
    const towns = Object.entries(map.sites).filter(([sq, s]) => s.kind === 'town' && !occupied.has(sq)).map(([sq]) => sq);
    const pool = friendly(captured.team).length > 0 ? friendly(captured.team) : towns;
    if (pool.length > 0) {
      const d = (sq: SquareKey): number => squareDistance(parseSquare(sq)!, battleSq);
      const best = Math.min(...pool.map(d));
      const to = dice.pick(pool.filter((s) => d(s) === best).sort(), `${captured.army} captured: the nearest unoccupied ${friendly(captured.team).length > 0 ? 'friendly base' : 'town'} (4.5)`);
      moves.push({ army: captured.army, to, pushed: false, why: 'captured' });
      occupied.add(to);
    }
  }
  const leavingWinner = winners.length > 1 && !captured
    ? (verdict.leaving && winners.some((w) => key(w.name) === key(verdict.leaving!.army)) ? verdict.leaving : { army: dice.pick(winners.map((w) => w.name), `4.4: which winning army leaves ${where}`) })
    : undefined;
  if (leavingWinner) moveOut(winners.find((w) => key(w.name) === key(leavingWinner.army))!.name, 'second-winner', leavingWinner.to);
  for (const a of notParticipating) moveOut(a.name, 'stratless-partner');
  for (const a of sideArmies[loserIdx]!) {
    if (killed.some((k) => key(k) === key(a.name))) continue;
    if (captured && key(captured.army) === key(a.name)) continue;
    moveOut(a.name, 'lost');
  }
  if (captured && !moves.some((m) => m.why === 'captured')) {
    // 4.5: "If it stays put, the winning army is then bumped out of the square."
    const w = winners.find((x) => !moves.some((m) => key(m.army) === key(x.name)));
    if (w) moveOut(w.name, 'bumped');
  }

  const after = inBattle.filter((a) => !killed.some((k) => key(k) === key(a.name))).map((a) => {
    let x = current.get(key(a.name))!;
    const m = moves.find((mv) => key(mv.army) === key(a.name));
    if (m) x = { ...x, at: m.to };
    if (captured && key(captured.army) === key(a.name)) {
      x = { ...x, team: captured.team, partiallyConverted: { formerTeam: a.team }, days: 0, ...(captured.colours ? { colours: captured.colours } : {}) };
    }
    return x;
  });
  const side = (i: number): SideResult => ({
    team: teams[i]!,
    armies: inBattle.filter((a) => a.team === teams[i]).map((a) => a.name),
    bonus: bonuses[i]!,
    rolls: rolls[i]!,
    modified: modified[i]!,
    diceWon: won[i]!,
    stratless: sideStratless[i]!,
  });
  return {
    square: where,
    winner: teams[winnerIdx]!,
    loser: teams[loserIdx]!,
    sides: [side(0), side(1)],
    decidedBy,
    notParticipating: notParticipating.map((a) => a.name),
    moves,
    attempts,
    killed,
    armies: after,
  };
}
