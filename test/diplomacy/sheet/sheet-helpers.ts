/** Shared builders for the order-sheet tests. */
import { standardStartState, type GameState, type Power, type ProvinceId } from '../../../src/diplomacy/index.js';
import { parseOrderSheet, type OrderSheet, type SheetContext } from '../../../src/diplomacy/sheet/index.js';
import { position, type PerPower } from '../../helpers/position.js';

export const START: GameState = standardStartState();

export function sheet(text: string, power: Power = 'FRANCE', extra: Partial<SheetContext> = {}): OrderSheet {
  return parseOrderSheet(text, { state: START, power, ...extra });
}

/** The first order as understood, or the first issue's code. */
export function understood(line: string, power: Power = 'FRANCE', extra: Partial<SheetContext> = {}): string {
  const s = sheet(line, power, extra);
  if (s.issues.length > 0) return s.orders.length > 0 ? `${s.orders[0]!.text} [${s.issues.map((i) => i.code).join(',')}]` : s.issues.map((i) => i.code).join(',');
  return s.orders.map((o) => o.text).join(' | ') || '(nothing)';
}

export function at(phase: string, units: PerPower<string[]>, centers?: PerPower<string[]>): GameState {
  return position(phase, units, centers);
}

export function abbreviations(entries: Record<string, ProvinceId>): Map<string, ProvinceId> {
  return new Map(Object.entries(entries));
}
