/**
 * Mechanical army-list checks: slot sizes and counts by rank and at most 6 creature types (2.1), one
 * legend per army and no legend in two armies (2.1), colours against the army's fixed colours
 * (2.2.1, 2.2.1.1), one size per star creature (2.2.2), troop changes after a base is destroyed
 * (2.3.2), the receiving army's space and colours on a transfer (2.3.3). What needs card knowledge
 * is the judge's: he passes a {@link CardRulings} list (banned cards, cards that are legends).
 * Returns problems as data; never throws.
 */
import type { Faction } from '../world/map.js';
import type { Army, Colour, Troop } from './army.js';
import { SLOT_CAPACITY, slotSizes } from './ranks.js';

/** 2.1: "an entire army may have a maximum of 6 different creatures in it". */
export const MAX_CREATURE_TYPES = 6;
/** 2.1.x: the slots of every rank, smallest creatures first. */
export const SLOT_COUNT = 4;
/** 2.1.x / 2.2.1: the factions a Coalition player (and so his army) may belong to. */
export const MAX_FACTIONS = 3;

/** The Battle Judge's list (2.2.3): what the rules ban by name, and what he has ruled. */
export interface CardRulings {
  /** Banned creatures (2.2.1 Greater Morphling, 2.2.3.1.4 Summoner's Egg are always banned). */
  readonly banned?: readonly string[];
  /** Creatures of type Legend: allowed only as an army's one legend (2.2.1). */
  readonly legends?: readonly string[];
}

/** Banned by the rules' own text. */
export const RULES_BANNED = ['Greater Morphling', "Summoner's Egg"] as const;

export interface ArmyProblem {
  readonly army: string;
  readonly rule: string;
  readonly message: string;
}

const FACTION_OF: Record<Exclude<Colour, 'artifact'>, Faction> = { white: 'white', blue: 'blue', black: 'black', red: 'red', green: 'green' };

function norm(name: string): string {
  return name.trim().toLowerCase().replace(/’/g, "'");
}

/**
 * 2.2.1: may an army of `team` with `colours` (its factions, Coalition) field this creature?
 * Coalition: a mono-coloured creature needs that colour's faction, an artifact the Colourless
 * faction, a multicoloured one the 5-Colour faction. Phyrexia: blue, red, black, multicoloured and
 * artifact creatures, never green or white, nor multicoloured with green or white. Mercenaries: any.
 * Returns why not, or undefined.
 */
export function colourProblem(team: Army['team'], colours: readonly Faction[] | undefined, troop: Pick<Troop, 'creature' | 'colours'>): string | undefined {
  const cs = troop.colours;
  if (team === 'mercenary') return undefined;
  if (team === 'phyrexia') {
    const bad = cs.filter((c) => c === 'green' || c === 'white');
    return bad.length > 0 ? `${troop.creature} is ${bad.join('/')}: Phyrexians use blue, red, black, multicoloured and artifact creatures, never green or white ones (2.2.1)` : undefined;
  }
  const member = new Set(colours ?? []);
  const real = cs.filter((c): c is Exclude<Colour, 'artifact'> => c !== 'artifact');
  if (real.length >= 2) {
    return member.has('five-colour') ? undefined : `${troop.creature} is multicoloured (${real.join('/')}): multicoloured creatures are reserved for 5-Colour faction members (2.2.1)`;
  }
  if (real.length === 1) {
    const f = FACTION_OF[real[0]!];
    return member.has(f) ? undefined : `${troop.creature} is ${real[0]}: the army is a member of ${[...member].join(', ') || 'no faction'}, not ${f} (2.2.1, 2.2.1.1)`;
  }
  return member.has('colourless') ? undefined : `${troop.creature} is an artifact: the army is not a member of the Colourless faction (2.2.1, 2.2.1.1)`;
}

/** Every problem of one army's list (2.1, 2.2.1, 2.2.1.1, 2.2.2, judge's rulings). */
export function validateArmy(army: Army, rulings: CardRulings = {}): ArmyProblem[] {
  const out: ArmyProblem[] = [];
  const p = (rule: string, message: string): void => void out.push({ army: army.name, rule, message });
  const troops = army.troops ?? [];
  if (army.team === 'coalition') {
    const cs = army.colours ?? [];
    if (cs.length === 0) p('2.5.2.2', 'a Coalition army lists the colours (factions) it is a member of');
    if (cs.length > MAX_FACTIONS) p('2.2.1.1', `at most ${MAX_FACTIONS} factions (1.1.2; a proxy army any 3 colours); the army lists ${cs.length}`);
    if (new Set(cs).size !== cs.length) p('2.2.1.1', 'a colour is listed twice');
  }
  const sizes = slotSizes(army.rank);
  const types = new Set(troops.map((t) => norm(t.creature)));
  if (types.size > MAX_CREATURE_TYPES) p('2.1', `${types.size} different creatures; an army has at most ${MAX_CREATURE_TYPES}`);
  for (let s = 0; s < SLOT_COUNT; s++) {
    const inSlot = troops.filter((t) => t.slot === s);
    const n = inSlot.reduce((a, t) => a + t.count, 0);
    if (n > SLOT_CAPACITY[s]!) p('2.1', `the ${sizes[s]}/${sizes[s]} slot holds ${n} troops; at most ${SLOT_CAPACITY[s]}`);
  }
  const banned = new Set([...RULES_BANNED, ...(rulings.banned ?? [])].map(norm));
  const legends = new Set((rulings.legends ?? []).map(norm));
  const sizeOfStar = new Map<string, number>();
  for (const t of troops) {
    const size = sizes[t.slot];
    if (size === undefined) {
      p('2.1', `${t.creature}: slot ${t.slot} is not one of the four slots (0–3)`);
      continue;
    }
    if (!t.variable && (t.power > size || t.toughness > size)) p('2.1', `${t.creature} (${t.power}/${t.toughness}) does not fit the ${size}/${size} slot`);
    if (t.alive < 0 || t.alive > t.count) p('2.1', `${t.creature}: ${t.alive} alive of ${t.count}`);
    if (banned.has(norm(t.creature))) p('2.2.1', `${t.creature} is banned`);
    if (legends.has(norm(t.creature))) p('2.2.1', `${t.creature} is a Legend: only the army's one legend may be a Legend`);
    const c = colourProblem(army.team, army.colours, t);
    if (c) p('2.2.1', c);
    if (t.variable) {
      const k = norm(t.creature);
      const was = sizeOfStar.get(k);
      if (was !== undefined && was !== size) p('2.2.2', `${t.creature} is used at two sizes; one */* creature has one size per army`);
      sizeOfStar.set(k, size);
    }
  }
  if (army.legend && banned.has(norm(army.legend))) p('2.2.1', `${army.legend} is banned`);
  return out;
}

/** Every problem of a side's (or the whole round's) army list: each army, and no legend in two armies (2.1). */
export function validateArmyList(armies: readonly Army[], rulings: CardRulings = {}): ArmyProblem[] {
  const out = armies.flatMap((a) => validateArmy(a, rulings));
  const byLegend = new Map<string, string[]>();
  for (const a of armies) if (a.legend) byLegend.set(norm(a.legend), [...(byLegend.get(norm(a.legend)) ?? []), a.name]);
  for (const [, names] of byLegend) {
    if (names.length > 1) for (const n of names.slice(1)) out.push({ army: n, rule: '2.1', message: `its legend is also ${names[0]}'s; no legend may be part of more than one army` });
  }
  const names = new Map<string, number>();
  for (const a of armies) names.set(norm(a.name), (names.get(norm(a.name)) ?? 0) + 1);
  for (const [n, k] of names) if (k > 1) out.push({ army: n, rule: '2.5.2.2', message: `${k} armies are named "${n}"` });
  return out;
}

/** Troops moved by a transfer (3.2.4.2: mailed to the movement judge). */
export interface TransferTroops {
  readonly creature: string;
  readonly count: number;
}

/**
 * 2.3.3: may `from` give `troops` to `to`? The receiving army must afterwards have at most 6 creature
 * types (counting types with 0 alive), no more alive per slot than its rank allows, and obey colour
 * restrictions if it is a Coalition army; the sender must have the troops alive. Returns problems.
 */
export function checkTransfer(from: Army, to: Army, troops: readonly TransferTroops[]): ArmyProblem[] {
  const out: ArmyProblem[] = [];
  const p = (message: string): void => void out.push({ army: from.name, rule: '2.3.3', message });
  if (from.team !== to.team) p(`${to.name} is not a friendly army`);
  const receiving = [...(to.troops ?? [])];
  const sizes = slotSizes(to.rank);
  const perSlotAlive = [0, 1, 2, 3].map((s) => receiving.filter((t) => t.slot === s).reduce((a, t) => a + t.alive, 0));
  const types = new Set(receiving.map((t) => norm(t.creature)));
  for (const tr of troops) {
    const src = (from.troops ?? []).find((t) => norm(t.creature) === norm(tr.creature));
    if (!src) {
      p(`${from.name} has no ${tr.creature}`);
      continue;
    }
    if (tr.count <= 0 || tr.count > src.alive) p(`${from.name} has ${src.alive} ${src.creature} alive; cannot send ${tr.count}`);
    const there = receiving.find((t) => norm(t.creature) === norm(tr.creature));
    const slot = there ? there.slot : sizes.findIndex((n) => src.variable || (src.power <= n && src.toughness <= n));
    if (slot < 0) {
      p(`${src.creature} (${src.power}/${src.toughness}) fits no slot of ${to.name}`);
      continue;
    }
    types.add(norm(tr.creature));
    perSlotAlive[slot] = (perSlotAlive[slot] ?? 0) + tr.count;
    const c = colourProblem(to.team, to.colours, src);
    if (c) p(`${to.name}: ${c}`);
  }
  if (types.size > MAX_CREATURE_TYPES) p(`${to.name} would have ${types.size} creature types (counting those with 0 alive); at most ${MAX_CREATURE_TYPES}`);
  perSlotAlive.forEach((n, s) => {
    if (n > SLOT_CAPACITY[s]!) p(`${to.name}'s ${sizes[s]}/${sizes[s]} slot would hold ${n}; at most ${SLOT_CAPACITY[s]}`);
  });
  return out;
}

/**
 * 2.3.2: a new troop makeup requested at a base after 2 days: legal under 2.1 and 2.2, and, when a
 * Coalition base has been destroyed, no creature of that base's colour the army did not already have.
 */
export function checkTroopChange(army: Army, next: readonly Troop[], destroyedBaseColours: readonly Faction[], rulings: CardRulings = {}): ArmyProblem[] {
  const out = validateArmy({ ...army, troops: next }, rulings);
  if (army.team !== 'coalition') return out;
  const had = new Set((army.troops ?? []).map((t) => norm(t.creature)));
  const gone = new Set(destroyedBaseColours);
  for (const t of next) {
    const lost = t.colours.filter((c) => (c === 'artifact' ? gone.has('colourless') : gone.has(FACTION_OF[c])));
    if (lost.length > 0 && !had.has(norm(t.creature))) {
      out.push({ army: army.name, rule: '2.3.2', message: `${t.creature} is ${lost.join('/')}, the colour of a destroyed base: only creatures of that colour the army already had may stay` });
    }
  }
  return out;
}

/**
 * 2.3.3 / 3.2.4.3 carried out: the sender loses what the receiver gains (the receiver gains nothing
 * when the troops are killed on the way, 3.2.4.3.3: pass `delivered: false`). A creature new to the
 * receiver joins the smallest slot it fits. Check with {@link checkTransfer} first; this only moves counts.
 */
export function applyTransfer(from: Army, to: Army, troops: readonly TransferTroops[], delivered = true): { from: Army; to: Army } {
  const sent = [...(from.troops ?? [])];
  const got = [...(to.troops ?? [])];
  const sizes = slotSizes(to.rank);
  for (const tr of troops) {
    const i = sent.findIndex((t) => norm(t.creature) === norm(tr.creature));
    if (i < 0) continue;
    const src = sent[i]!;
    const n = Math.min(src.alive, Math.max(0, tr.count));
    sent[i] = { ...src, alive: src.alive - n, count: src.count - n };
    if (!delivered || n === 0) continue;
    const j = got.findIndex((t) => norm(t.creature) === norm(tr.creature));
    if (j >= 0) got[j] = { ...got[j]!, alive: got[j]!.alive + n, count: got[j]!.count + n };
    else {
      const slot = Math.max(0, sizes.findIndex((s) => src.variable || (src.power <= s && src.toughness <= s))) as Troop['slot'];
      const { lostDuringCount: _l, ...rest } = src;
      got.push({ ...rest, slot, count: n, alive: n });
    }
  }
  return { from: { ...from, troops: sent }, to: { ...to, troops: got } };
}
