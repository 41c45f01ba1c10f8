/**
 * Canonical order text (DESIGN.md "Conventions"): `A PAR - BUR`, `A LON - NWY VIA`,
 * `A LON - NTH - NWY`, `A MAR S A PAR - BUR`, `A MAR S F BRE`, `F NTH C A LON - NWY`, `A PAR H`,
 * `F SWE R BAL`, `A TRI D`, `A PAR B`, `F STP/NC B`, `WAIVE`.
 */
import type { Location } from '../map/types.js';
import type { Order, UnitRef } from './types.js';

/** The unit part as written: `A PAR`, or `PAR` when the player omitted the type. */
export function formatUnitRef(u: UnitRef): string {
  return u.kind ? `${u.kind} ${u.location}` : u.location;
}

/** The order's text with `unit` as the ordered unit's text and `to` as the move or retreat target. */
function formatWith(o: Order, unit: string, to?: Location): string {
  switch (o.kind) {
    case 'hold': return `${unit} H`;
    case 'move': {
      const via = o.route.length > 0 ? ` - ${o.route.join(' - ')}` : '';
      return `${unit}${via} - ${to ?? o.to}${o.viaConvoy && o.route.length === 0 ? ' VIA' : ''}`;
    }
    case 'supportHold': return `${unit} S ${formatUnitRef(o.target)}`;
    case 'supportMove': return `${unit} S ${formatUnitRef(o.target)} - ${o.to}`;
    case 'convoy': return `${unit} C ${formatUnitRef(o.target)} - ${o.to}`;
    case 'retreat': return `${unit} R ${to ?? o.to}`;
    case 'disband': return `${unit} D`;
    case 'build': return o.unitKind ? `${o.unitKind} ${o.location} B` : `${o.location} B`;
    case 'waive': return 'WAIVE';
  }
}

/** An order in canonical notation, exactly as the data says (no position needed). */
export function formatOrder(o: Order): string {
  return formatWith(o, o.kind === 'build' || o.kind === 'waive' ? '' : formatUnitRef(o.unit));
}

/**
 * An order as understood against the position: the ordered unit's real type and location replace
 * what the player wrote (D.IV(1)), and a move shows the coast it was taken to go to.
 */
export function formatUnitOrder(o: Order, actual?: { kind: 'A' | 'F'; location: Location }, destination?: Location): string {
  if (o.kind === 'build' || o.kind === 'waive' || !actual) return formatOrder(o);
  return formatWith(o, `${actual.kind} ${actual.location}`, destination);
}

const holdTexts = { A: new Map<Location, string>(), F: new Map<Location, string>() };

/** `A PAR H`: an unordered unit's hold, each text written once per location (bounded: emptied past 1,000). */
export function holdText(kind: 'A' | 'F', location: Location): string {
  const texts = holdTexts[kind];
  let text = texts.get(location);
  if (text === undefined) {
    text = `${kind} ${location} H`;
    if (texts.size >= 1000) texts.clear();
    texts.set(location, text);
  }
  return text;
}
