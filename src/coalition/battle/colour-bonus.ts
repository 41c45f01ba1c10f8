/**
 * 4.2.3 Colour bonus: "If all the creatures in one army share a color or are all artifacts, that army
 * gets a +1 bonus. If some of your creatures are the wrong color, but are all dead from prior battles,
 * then the remaining creatures can still get the bonus."
 */
import type { Army, Colour } from '../armies/army.js';

export const COLOUR_BONUS = 1;

/** The colour shared by every living creature of the army (`artifact` for all artifacts), or undefined. */
export function sharedColour(army: Pick<Army, 'troops'>): Colour | undefined {
  const living = (army.troops ?? []).filter((t) => t.alive > 0);
  if (living.length === 0) return undefined;
  const candidates: Colour[] = ['white', 'blue', 'black', 'red', 'green', 'artifact'];
  return candidates.find((c) => living.every((t) => (c === 'artifact' ? t.colours.length === 1 && t.colours[0] === 'artifact' : t.colours.includes(c))));
}

/** +1 when every living creature shares a colour or all are artifacts; else 0. */
export function colourBonus(army: Pick<Army, 'troops'>): number {
  return sharedColour(army) === undefined ? 0 : COLOUR_BONUS;
}
