/**
 * Phases: `S1901M`, `F1901R`, `W1901A` (season letter, year, M/R/A).
 */
export type Season = 'S' | 'F' | 'W';
export type PhaseKind = 'M' | 'R' | 'A';

export interface Phase {
  readonly season: Season;
  readonly year: number;
  readonly kind: PhaseKind;
}

const PHASE = /^([SFW])(\d{4})([MRA])$/;

/** Parse a phase name; `undefined` if it is not one (winter is only `A`, spring/fall only `M`/`R`). */
export function parsePhase(text: string): Phase | undefined {
  const m = PHASE.exec(text.trim().toUpperCase());
  if (!m) return undefined;
  const season = m[1] as Season;
  const kind = m[3] as PhaseKind;
  if ((season === 'W') !== (kind === 'A')) return undefined;
  return { season, year: Number(m[2]), kind };
}

export function formatPhase(p: Phase): string {
  return `${p.season}${p.year}${p.kind}`;
}

/** The phase that follows `p` in the full cycle (before any skipping). */
export function followingPhase(p: Phase): Phase {
  if (p.kind === 'M') return { season: p.season, year: p.year, kind: 'R' };
  if (p.kind === 'R') return p.season === 'S' ? { season: 'F', year: p.year, kind: 'M' } : { season: 'W', year: p.year, kind: 'A' };
  return { season: 'S', year: p.year + 1, kind: 'M' };
}

/** Total order of phases, for comparisons. */
export function phaseIndex(p: Phase): number {
  const within = p.season === 'S' ? (p.kind === 'M' ? 0 : 1) : p.season === 'F' ? (p.kind === 'M' ? 2 : 3) : 4;
  return p.year * 5 + within;
}
