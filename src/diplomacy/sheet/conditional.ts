/**
 * Conditional retreat and adjustment orders (D.II(5)): "F Tri - Alb, else Adr, else disband",
 * "Build A Mun if Kiel falls, else A Ber". The options are read left to right and top to bottom and
 * the first possible one is used; D.III(5) (the last order wins) does not apply to them.
 */
import type { GameMap, Order, ParseOrderResult, ProvinceLookup } from '../index.js';
import { parseOrder } from '../index.js';

const ELSE = /\s*[,;]?\s*\b(?:or\s+else|else|otherwise|if\s+not(?:\s+possible)?|if\s+(?:that\s+is\s+)?impossible|failing\s+that)\b\s*[:,]?\s*/i;

/** A line that continues the previous order's options (`else Adr`, `otherwise disband`). */
export function readElseLine(text: string): string | undefined {
  const m = /^\s*(?:or\s+else|else|otherwise|if\s+not(?:\s+possible)?|failing\s+that)\b\s*[:,]?\s*(.*)$/i.exec(text);
  return m ? m[1]! : undefined;
}

/** Split a line into its options; a plain order is one option. */
export function splitOptions(text: string): string[] {
  const parts = text.split(new RegExp(ELSE.source, 'gi')).map((p) => p.trim()).filter((p) => p.length > 0);
  // "Build A Mun if Kiel falls": the condition is the player's note, not part of the order.
  return parts.map((p) => p.replace(/\s+if\b.*$/i, '').trim()).filter((p) => p.length > 0);
}

const DISBAND_WORDS = /^(d|disband|disbands|remove|destroy)$/i;

/**
 * Parse a later option in the light of the first: `Adr` after a retreat retreats the same unit
 * there, `disband` disbands it, `A Ber` after a build builds it, after a removal removes it.
 */
export function parseOption(text: string, first: Order | undefined, map: GameMap, lookup: ProvinceLookup): ParseOrderResult {
  const unit = first && first.kind !== 'build' && first.kind !== 'waive' ? first.unit : undefined;
  if (unit && DISBAND_WORDS.test(text.trim())) return { ok: true, order: { kind: 'disband', unit } };
  const parsed = parseOrder(text, map, lookup);
  if (!parsed.ok || !first || parsed.order.kind !== 'hold') return parsed;
  const at = parsed.order.unit;
  if (first.kind === 'build') {
    return { ok: true, order: at.kind ? { kind: 'build', unitKind: at.kind, location: at.location } : { kind: 'build', location: at.location } };
  }
  if (first.kind === 'disband') return { ok: true, order: { kind: 'disband', unit: at } };
  if ((first.kind === 'retreat' || first.kind === 'move') && unit) return { ok: true, order: { kind: 'retreat', unit, to: at.location } };
  return parsed;
}
