/**
 * What a map picture shows, as plain data: the units where they stand, the centre owners, the
 * dislodged units with their retreat options, the standoffs, this phase's orders with whether each
 * succeeded, and the units the phase removed. Built from a position with orders (before
 * adjudication: every order `pending`) or from a played phase's results and the position after it.
 */
import { parseOrder, provinceOf, formatPhase, type Order, type Power, type ProvinceId, type UnitKind, type Outcome, type SubmittedOrder, type Phase } from '../index.js';
import type { DislodgedUnit, GameState, Unit } from '../state.js';

/** `illegal`: the judge could not carry the order out as written (it stood as a hold); drawn unlike a failed one. */
export type OrderStatus = 'pending' | 'succeeded' | 'failed' | 'illegal';

export interface PictureOrder {
  readonly power: Power;
  readonly order: Order;
  readonly status: OrderStatus;
  /** The adjudicated outcome, when the phase has been played. */
  readonly outcome?: Outcome;
}

export interface MapPicture {
  /** The heading, upper case: `FALL 1901 MOVEMENT - RESULTS`. */
  readonly title: string;
  /** A second heading line (the next phase), or empty. */
  readonly subtitle: string;
  readonly units: readonly Unit[];
  readonly centers: ReadonlyMap<ProvinceId, Power>;
  readonly dislodged: readonly DislodgedUnit[];
  readonly standoffs: readonly ProvinceId[];
  readonly orders: readonly PictureOrder[];
  /** Units the phase disbanded or removed (drawn crossed out where they stood). */
  readonly removed: readonly Unit[];
}

/** One result as `adjudicate` prints it. */
export interface ResultLine {
  readonly power: Power;
  readonly order: string;
  readonly outcome: Outcome;
}

const SEASONS = { S: 'SPRING', F: 'FALL', W: 'WINTER' } as const;
const KINDS = { M: 'MOVEMENT', R: 'RETREATS', A: 'ADJUSTMENTS' } as const;

/** `SPRING 1901 MOVEMENT`. */
export function phaseTitle(p: Phase): string {
  return `${SEASONS[p.season]} ${p.year} ${KINDS[p.kind]}`;
}

/** The outcome that means an order of each kind did what it said. */
const DONE: Readonly<Record<Order['kind'], Outcome>> = {
  hold: 'held',
  move: 'moved',
  supportHold: 'supported',
  supportMove: 'supported',
  convoy: 'convoyed',
  retreat: 'retreated',
  disband: 'disbanded',
  build: 'built',
  waive: 'waived',
};

/** Whether an order succeeded in the picture: its outcome is the one its kind aims at (a retreat that ends disbanded failed). */
export function statusOf(kind: Order['kind'], outcome: Outcome): OrderStatus {
  if (outcome === 'illegal') return 'illegal';
  return DONE[kind] === outcome ? 'succeeded' : 'failed';
}

/** The picture of a position before adjudication: its orders are drawn as given. */
export function pictureOfPosition(state: GameState, orders: readonly SubmittedOrder[] = []): MapPicture {
  return {
    title: `${phaseTitle(state.phase)}${orders.length > 0 ? ' - ORDERS' : ''}`,
    subtitle: '',
    units: state.units,
    centers: state.centers,
    dislodged: state.phase.kind === 'R' ? state.dislodged : [],
    standoffs: state.phase.kind === 'R' ? state.standoffs : [],
    orders: orders.map((o) => ({ power: o.power, order: o.order, status: 'pending' as const })),
    removed: [],
  };
}

/**
 * The picture of a played phase: `after` is the position at the start of the next phase (its units,
 * centres and dislodged units), `results` the phase's results. A result whose order text does not
 * parse (an order the judge could not read) is left out.
 */
export function pictureOfResults(played: Phase, results: readonly ResultLine[], after: GameState, next: Phase | null): MapPicture {
  const orders: PictureOrder[] = [];
  const removed: Unit[] = [];
  for (const r of results) {
    const p = parseOrder(r.order);
    if (!p.ok) continue;
    const o = p.order;
    orders.push({ power: r.power, order: o, status: statusOf(o.kind, r.outcome), outcome: r.outcome });
    if (o.kind === 'disband' && r.outcome === 'disbanded') {
      removed.push({ power: r.power, kind: (o.unit.kind ?? 'A') as UnitKind, location: o.unit.location });
    }
    // A retreat that failed (two retreats to one province, DATC 6.H) disbands the unit.
    if (o.kind === 'retreat' && r.outcome !== 'retreated') {
      removed.push({ power: r.power, kind: (o.unit.kind ?? 'A') as UnitKind, location: o.unit.location });
    }
  }
  // Standoffs: provinces a move bounced from that stand empty after the phase (the rulebook's standoff).
  const occupied = new Set(after.units.map((u) => provinceOf(u.location)));
  const standoffs = new Set<ProvinceId>(after.phase.kind === 'R' ? after.standoffs : []);
  if (played.kind === 'M') {
    for (const o of orders) {
      if (o.order.kind === 'move' && o.outcome === 'bounced') {
        const to = provinceOf(o.order.to);
        if (!occupied.has(to)) standoffs.add(to);
      }
    }
  }
  return {
    title: `${phaseTitle(played)} - RESULTS`,
    subtitle: next ? `NEXT: ${phaseTitle(next)} (${formatPhase(next)})` : 'GAME OVER',
    units: after.units,
    centers: after.centers,
    dislodged: after.phase.kind === 'R' ? after.dislodged : [],
    standoffs: [...standoffs].sort(),
    orders,
    removed,
  };
}
