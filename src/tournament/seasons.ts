/**
 * Spring and Fall seasons, the unit of C.14's pro-rating ("Summer and Winter turns will not be
 * considered"): `S1901`, `F1906` (an `M` suffix, `S1901M`, is accepted). Seasons are numbered from
 * S1901 = 0, so a game ending with Fall of `endYear` has `2 × (endYear − 1900)` of them.
 */

export type SeasonText = string;

/** The season's index from S1901 = 0, or undefined when `text` is not `S`/`F` + a year ≥ 1901. */
export function seasonIndex(text: string): number | undefined {
  const m = /^([SF])(\d{4})M?$/i.exec(text.trim());
  if (!m) return undefined;
  const year = Number(m[2]);
  if (year < 1901) return undefined;
  return (year - 1901) * 2 + (m[1]!.toUpperCase() === 'F' ? 1 : 0);
}

/** `S1901` for 0, `F1901` for 1, … */
export function formatSeason(index: number): SeasonText {
  return `${index % 2 === 0 ? 'S' : 'F'}${1901 + Math.floor(index / 2)}`;
}

/** The index of Fall of `year`: the last season of a game that ends in `year` (B.3). */
export function fallOf(year: number): number {
  return (year - 1901) * 2 + 1;
}

/** The number of Spring and Fall seasons in a game that ends with Fall of `endYear` (C.14: 18 for 1909). */
export function seasonsInGame(endYear: number): number {
  return fallOf(endYear) + 1;
}
