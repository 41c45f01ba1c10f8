/**
 * What happened to an order, in the plain words a GM writes in a results mail (issue 28): no engine
 * codes, the rule cited once. Pure: an order's result and, for a failed move, the phase's other
 * results (to tell a move beaten by a stronger one from a standoff).
 */
import type { IllegalReason, OrderResult } from './results.js';

/** Why an illegal order was not carried out, in a few words (the unit holds, D.III(4)). */
const ILLEGAL_WORDS: Record<IllegalReason, string> = {
  noUnit: 'there is no unit there',
  foreignUnit: 'not your unit',
  wrongPhase: 'not an order for this phase',
  notAdjacent: 'the unit cannot reach that province',
  ownProvince: 'a unit cannot move to where it stands',
  armyToSea: 'an army cannot enter a sea',
  fleetToLand: 'a fleet cannot enter an inland province',
  ambiguousCoast: 'no coast named, and the fleet could reach both',
  badCoast: 'the fleet cannot reach that coast',
  cannotReachSupportDestination: 'the supporting unit could not move there itself',
  noUnitToSupport: 'there is no unit there to support or convoy',
  supportOwnProvince: 'a unit cannot support a move into its own province',
  fleetNotAtSea: 'only a fleet at sea can convoy',
  onlyArmiesConvoyed: 'only armies can be convoyed',
  noConvoyRoute: 'no chain of fleets could convoy it there',
  badRoute: 'the route written is not a chain of seas',
  notDislodged: 'that unit was not dislodged',
  retreatNotAllowed: 'the unit cannot retreat there',
  notHomeCenter: 'not one of your home centres',
  centerNotOwned: 'you do not own that centre',
  centerOccupied: 'the centre is occupied',
  noUnitKind: 'army or fleet not named',
  fleetCannotStand: 'a fleet cannot be built inland',
  noBuildsAllowed: 'no builds owed',
  noRemovalsRequired: 'no removals owed',
  tooMany: 'more than the number owed',
};

/** The rule an illegal order breaks, where it is not D.III(4) (an impossible order: the unit holds). */
const ILLEGAL_RULE: Partial<Record<IllegalReason, string>> = {
  ambiguousCoast: 'D.IV(3)(b)',
  badRoute: 'D.VI(3)',
  notHomeCenter: 'D.V',
  centerNotOwned: 'D.V',
  centerOccupied: 'D.V',
  noUnitKind: 'D.V(1)',
  fleetCannotStand: 'D.V(5)',
  tooMany: 'D.V(2)',
};

/** The words for an illegal order's reason, or a general phrase for an unknown one. Pure. */
export function illegalReasonWords(reason: string | undefined): string {
  return (reason && (ILLEGAL_WORDS as Record<string, string>)[reason]) || 'not a possible order';
}

/** The province a move's order text goes to (`A LON - NTH - NWY VIA` → `NWY`), coast dropped. */
function destinationOf(order: string): string | undefined {
  const parts = order.replace(/\s+VIA$/, '').split(' - ');
  return parts.length > 1 ? parts[parts.length - 1]!.trim().split('/')[0] : undefined;
}

/** The province a unit's order starts from (`A BUR - MUN` → `BUR`). */
function originOf(order: string): string | undefined {
  return order.split(' ')[1]?.split('/')[0];
}

/**
 * Why a move failed: beaten by a stronger move that entered its destination, or a standoff with the
 * other moves there and/or the unit that stood in it. Pure.
 */
function failedMoveWords(r: OrderResult, all: readonly OrderResult[]): string {
  const dest = destinationOf(r.order);
  const winner = dest ? all.find((o) => o !== r && o.outcome === 'moved' && destinationOf(o.order) === dest) : undefined;
  if (winner) return `fails: the stronger move from ${originOf(winner.order)} entered ${dest}`;
  const movers = (r.with ?? []).filter((p) => p !== dest);
  const stood = dest !== undefined && (r.with ?? []).includes(dest);
  if (movers.length > 0 && stood) return `bounces: standoff with ${movers.join(', ')}, and off the unit in ${dest}`;
  if (movers.length > 0) return `bounces: standoff with ${movers.join(', ')}`;
  if (stood) return `bounces off the unit in ${dest}`;
  return 'bounces';
}

/** What happened to an order, in a few words. `all` is every result of the phase. Pure. */
export function outcomeWords(r: OrderResult, all: readonly OrderResult[] = []): string {
  const withList = r.with && r.with.length > 0 ? ` with ${r.with.join(', ')}` : '';
  switch (r.outcome) {
    case 'moved': return 'moves';
    case 'held': return 'holds';
    case 'bounced': return r.reason === 'retreatCollision' ? `destroyed (retreat collision${withList})` : failedMoveWords(r, all);
    case 'dislodged': return `dislodged${r.by ? ` from ${r.by}` : ''}`;
    case 'noConvoy': return r.reason === 'paradox' ? 'fails: no convoy (convoy paradox, D.VI(6))' : 'fails: no convoy';
    case 'supported': return 'support given';
    case 'cut': return `support cut${r.by ? ` by ${r.by}` : ''}`;
    case 'void': return 'no effect (nothing to support or convoy as ordered)';
    case 'convoyed': return 'convoys';
    case 'disrupted': return 'convoy disrupted';
    case 'retreated': return 'retreats';
    case 'disbanded': return r.reason === 'civilDisorder' ? 'removed (civil disorder, D.V(4))' : r.reason === 'noRetreat' ? 'destroyed (nowhere to retreat)' : r.reason === 'retreatCollision' ? `destroyed (retreat collision${withList})` : 'disbanded';
    case 'built': return 'built';
    case 'waived': return 'waived';
    // D.III(4): an illegal order is not carried out and the unit holds.
    // The rule is cited once: the reason's own rule, or D.III(4) for an impossible order.
    case 'illegal': {
      const rule = r.reason ? ILLEGAL_RULE[r.reason as IllegalReason] : undefined;
      return r.order.endsWith(' B') || r.order === 'WAIVE' || / D$/.test(r.order) || / R /.test(r.order)
        ? `not carried out: ${illegalReasonWords(r.reason)}${rule ? ` (${rule})` : ''}`
        : `not possible, so it holds: ${illegalReasonWords(r.reason)} (${rule ?? 'D.III(4)'})`;
    }
    case 'superseded': return 'replaced by a later order';
  }
}
