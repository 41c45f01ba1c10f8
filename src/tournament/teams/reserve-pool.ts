/**
 * B.8(d): for rounds after the first, replacements come from a pool of reserves that includes the
 * players eliminated in prior rounds, "the highest ranked eliminee to reply within the given time"
 * accepted first; B.8(f): nobody replying leaves the position in civil disorder.
 */

export interface Eliminee {
  readonly player: string;
  /** The last round they played (they were not advanced from it). */
  readonly round: number;
  /** Their place in that round's advancement ranking (C.7, C.8, …). */
  readonly place: number;
}

/**
 * The pool in order of preference. Our reading: eliminees first, ranked — a player eliminated in a
 * later round above one eliminated earlier, then by place in that round's ranking — then the official
 * reserve list of B.2 in its own order (its players were never ranked). Nobody appears twice, and
 * `exclude` (players already seated in the round) are left out.
 */
export function reservePool(reserveList: readonly string[], eliminees: readonly Eliminee[], exclude: ReadonlySet<string> = new Set()): string[] {
  const ranked = [...eliminees].sort((a, b) => b.round - a.round || a.place - b.place || (a.player < b.player ? -1 : 1)).map((e) => e.player);
  const out: string[] = [];
  for (const p of [...ranked, ...reserveList]) if (!exclude.has(p) && !out.includes(p)) out.push(p);
  return out;
}

/** The replacement: the first of the pool among those who replied in time, or null (B.8(f): civil disorder). */
export function chooseReserve(pool: readonly string[], repliedInTime: ReadonlySet<string>): string | null {
  return pool.find((p) => repliedInTime.has(p)) ?? null;
}
