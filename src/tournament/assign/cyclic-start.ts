/**
 * A structured first-round start for the seating search (B.6(e) "No teams will face each other more
 * than once in one round"). In round 1 every team has seven players with the seven powers its captain
 * chose (B.5), and there are as many boards as teams. Number the teams 0..n−1 (in an order drawn by
 * the dice) and seat team t's player of power p on board (t + D[p]) mod n, for a set D of seven
 * residues mod n: every board then has exactly one player of each power, from seven different teams
 * (B.6(b)), and teams t and u meet once for every way of writing u − t as a difference of two
 * elements of D. So the fewer repeated differences D has, the fewer B.6(e) breaks: with all 42
 * differences distinct (n ≥ 51, or a Golomb ruler) none at all.
 *
 * For n = 42 the bound is 21 repeated meetings (42 boards × 21 pairs = 882 meetings for 861 pairs);
 * the best cyclic set has 63, from which the local search goes on. D is found by an exhaustive
 * branch-and-bound over sets containing 0 (deterministic, bounded in nodes), remembered per n.
 */

/** The excess meetings of the cyclic layout of `n` teams with set `d`: Σ over team pairs of (meetings − 1)+. */
export function cyclicExcess(n: number, d: readonly number[]): number {
  const r = new Int32Array(n);
  for (const a of d) for (const b of d) if (a !== b) r[(((a - b) % n) + n) % n]! += 1;
  let ex = 0;
  for (let delta = 1; 2 * delta <= n; delta++) {
    const pairs = 2 * delta === n ? n / 2 : n;
    ex += pairs * Math.max(0, r[delta]! - 1);
  }
  return ex;
}

/** A Golomb ruler of seven marks (length 25): all differences distinct, so for n ≥ 51 no repeat mod n. */
const GOLOMB_7 = [0, 1, 4, 10, 18, 23, 25];
/** Search budget (nodes) for smaller n: 42 teams takes about 0.7 M. */
const MAX_NODES = 3_000_000;
const found = new Map<number, readonly number[]>();

/** The seven residues mod `n` (n ≥ 7) whose cyclic layout repeats the fewest team meetings. */
export function cyclicDifferenceSet(n: number): readonly number[] {
  if (n < 7) throw new RangeError(`a cyclic layout needs at least 7 teams, not ${n}`);
  const known = found.get(n);
  if (known) return known;
  if (n >= 2 * GOLOMB_7[6]! + 1) {
    found.set(n, GOLOMB_7);
    return GOLOMB_7;
  }
  const lower = Math.max(0, (n * 21) - (n * (n - 1)) / 2);
  const r = new Int32Array(n);
  const d: number[] = [0];
  let best = Infinity;
  let bestSet: number[] = [0, 1, 2, 3, 4, 5, 6];
  let nodes = 0;
  const cost = () => {
    let ex = 0;
    for (let delta = 1; 2 * delta <= n; delta++) ex += (2 * delta === n ? n / 2 : n) * Math.max(0, r[delta]! - 1);
    return ex;
  };
  const dfs = (start: number): void => {
    if (++nodes > MAX_NODES || best === lower) return;
    const c = cost();
    if (c >= best) return;
    if (d.length === 7) {
      best = c;
      bestSet = [...d];
      return;
    }
    for (let x = start; x <= n - (7 - d.length); x++) {
      for (const y of d) {
        r[(x - y) % n]! += 1;
        r[(y - x + n) % n]! += 1;
      }
      d.push(x);
      dfs(x + 1);
      d.pop();
      for (const y of d) {
        r[(x - y) % n]! -= 1;
        r[(y - x + n) % n]! -= 1;
      }
      if (nodes > MAX_NODES || best === lower) return;
    }
  };
  dfs(1);
  found.set(n, bestSet);
  return bestSet;
}

/**
 * The cyclic start: `slots[b × 7 + p]` = the player, or null when the round does not have the shape
 * (not as many boards as teams, a player without a team or a fixed power, a team without exactly one
 * player per power). `teamOrder` numbers the teams (a dice shuffle of 0..teams−1).
 */
export function cyclicStart(p: { boards: number; team: Int32Array; teams: number; fixed: Int32Array }, teamOrder: readonly number[]): Int32Array | null {
  const n = p.boards;
  if (p.teams !== n || n < 7) return null;
  const member = new Int32Array(n * 7).fill(-1); // team × power → player
  for (let i = 0; i < p.team.length; i++) {
    const t = p.team[i]!;
    const power = p.fixed[i]!;
    if (t < 0 || power < 0 || member[t * 7 + power]! >= 0) return null;
    member[t * 7 + power] = i;
  }
  if (member.some((x) => x < 0)) return null;
  const d = cyclicDifferenceSet(n);
  const slots = new Int32Array(n * 7).fill(-1);
  teamOrder.forEach((t, position) => {
    for (let power = 0; power < 7; power++) slots[((position + d[power]!) % n) * 7 + power] = member[t * 7 + power]!;
  });
  return slots;
}
