/**
 * The guess-and-check resolver of DATC v3.0 chapter 5 (5.E), for decisions numbered 0..n-1 (one per
 * unit: its move, support or convoy succeeds). It detects dependency cycles, tries both outcomes for
 * the head of a cycle, and applies the backup rule when a cycle has zero or two consistent
 * resolutions: circular movement succeeds; a cycle with a convoy in it is a convoy paradox whose
 * convoys fail (Szykman; wm D.VI(6)).
 */

const UNRESOLVED = 0;
const GUESSING = 1;
const RESOLVED = 2;

/** What the resolver needs to know of a decision's order for the backup rule. */
export type DecisionKind = 'move' | 'supportHold' | 'supportMove' | 'convoy' | 'hold';

export class DecisionResolver<C = unknown> {
  private readonly state: Uint8Array;
  /** The outcome of every decision (meaningful once resolved). */
  readonly result: boolean[];
  private readonly deps: number[] = [];
  /** Convoy orders failed by the backup rule (a convoy paradox); created on the first. */
  private paradox: Set<number> | undefined = undefined;

  /**
   * @param decide evaluates decision `i` of `context` from the current guesses (calls back into
   * {@link resolve}); called with the context directly, without a closure between (issue 32).
   * @param kindOf the kind of order behind decision `i`.
   */
  constructor(
    n: number,
    private readonly context: C,
    private readonly decide: (context: C, i: number) => boolean,
    private readonly kindOf: (i: number) => DecisionKind,
  ) {
    this.state = new Uint8Array(n);
    this.result = new Array<boolean>(n).fill(false);
  }

  /** Whether convoy `k` was failed by the backup rule (a convoy paradox). */
  isParadoxConvoy(k: number): boolean {
    return this.paradox !== undefined && this.paradox.has(k);
  }

  resolve(i: number): boolean {
    // Locals, not `this.` reads: a cold pass runs this in V8's interpreter (issue 32).
    const state = this.state, result = this.result, deps = this.deps;
    const st = state[i]!;
    if (st === RESOLVED) return result[i]!;
    if (st === GUESSING) {
      if (!deps.includes(i)) deps.push(i);
      return result[i]!;
    }
    const old = deps.length;
    result[i] = false;
    state[i] = GUESSING;
    const first = this.decide(this.context, i);
    if (deps.length === old) {
      if (state[i] !== RESOLVED) {
        result[i] = first;
        state[i] = RESOLVED;
      }
      return result[i]!;
    }
    if (deps[old] !== i) {
      // Part of a cycle whose head is further up: keep guessing.
      deps.push(i);
      result[i] = first;
      return first;
    }
    // i heads the cycle: try the other guess.
    for (let k = old; k < deps.length; k++) state[deps[k]!] = UNRESOLVED;
    deps.length = old;
    result[i] = true;
    state[i] = GUESSING;
    const second = this.decide(this.context, i);
    if (first === second) {
      for (let k = old; k < deps.length; k++) state[deps[k]!] = UNRESOLVED;
      deps.length = old;
      result[i] = first;
      state[i] = RESOLVED;
      return first;
    }
    this.backupRule(old);
    return this.resolve(i);
  }

  /**
   * A cycle with zero or two consistent resolutions. Only moves: circular movement, all succeed.
   * With a convoy in it: a convoy paradox; the convoys in it fail (Szykman; D.VI(6): the convoyed
   * moves fail and have no effect on their destinations).
   */
  private backupRule(old: number): void {
    const cycle = this.deps.slice(old);
    this.deps.length = old;
    const convoys = cycle.filter((k) => this.kindOf(k) === 'convoy');
    if (convoys.length > 0) {
      for (const k of cycle) this.state[k] = UNRESOLVED;
      for (const k of convoys) {
        this.result[k] = false;
        this.state[k] = RESOLVED;
        (this.paradox ??= new Set()).add(k);
      }
      return;
    }
    const allMoves = cycle.every((k) => this.kindOf(k) === 'move');
    for (const k of cycle) {
      this.result[k] = allMoves;
      this.state[k] = RESOLVED;
    }
  }
}
