/**
 * Verifiable dice by commit–reveal. The judge draws a secret seed, publishes its SHA-256 (the
 * commitment) before any roll, and reveals the seed afterwards; every roll is HMAC-SHA256(seed,
 * nonce:die:counter) read as a uniform integer (rejection sampling, no modulo bias), so anyone with
 * the seed recomputes every roll, and nobody could have chosen the seed after seeing the rolls.
 * Pure: the same seed and nonce always give the same dice.
 */
import { createHash, createHmac } from 'node:crypto';
import { MAX_SIDES, parseNotation, type Notation } from './notation.js';

export interface Roll {
  readonly notation: string;
  readonly nonce: string;
  /** Each die's face as read (a `d3` die already halved). */
  readonly dice: readonly number[];
  readonly total: number;
  readonly commitment: string;
}

/** The published commitment to a seed: its SHA-256, hex. */
export function commitment(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}

/** One die with `sides` faces, the `index`-th of the roll `nonce`: 1..sides. */
export function die(seed: string, nonce: string, index: number, sides: number): number {
  // Accept a 32-bit draw only below the largest multiple of `sides`: uniform.
  const limit = Math.floor(0x1_0000_0000 / sides) * sides;
  for (let counter = 0; ; counter++) {
    const mac = createHmac('sha256', seed).update(`${nonce}:${index}:${counter}`).digest();
    for (let at = 0; at + 4 <= mac.length; at += 4) {
      const x = mac.readUInt32BE(at);
      if (x < limit) return (x % sides) + 1;
    }
  }
}

/** Throw a parsed notation. */
export function throwDice(seed: string, nonce: string, n: Notation): Roll {
  const dice: number[] = [];
  for (let i = 0; i < n.count; i++) {
    const face = die(seed, nonce, i, n.sides);
    dice.push(n.halved ? Math.ceil(face / 2) : face);
  }
  return { notation: n.text, nonce, dice, total: dice.reduce((a, b) => a + b, 0) + n.modifier, commitment: commitment(seed) };
}

/** Roll `notation` (text) with `seed` and `nonce`; throws on bad notation (use parseNotation to check first). */
export function roll(seed: string, nonce: string, notation: string): Roll {
  const p = parseNotation(notation);
  if (!p.ok) throw new Error(p.problems.join('; '));
  return throwDice(seed, nonce, p.notation);
}

/** What a game or a tournament records of each roll: the roll and what it decided. */
export interface RecordedRoll extends Roll {
  readonly purpose: string;
}

/**
 * A stream of rolls for one scope (a game turn, a tournament round): nonces `scope:1`, `scope:2`, …
 * in the order asked, each recorded with its purpose. The pure cores take one of these as their
 * source of chance, so a turn replayed with the same seed and the same inputs rolls the same dice.
 */
export class DiceStream {
  private n = 0;
  readonly rolls: RecordedRoll[] = [];
  constructor(readonly seed: string, readonly scope: string) {}

  roll(notation: string, purpose: string): RecordedRoll {
    this.n += 1;
    const r = { ...roll(this.seed, `${this.scope}:${this.n}`, notation), purpose };
    this.rolls.push(r);
    return r;
  }

  /**
   * A uniform integer in 0..n−1 (n ≥ 2): one d`n` when a die can have n faces (up to
   * {@link MAX_SIDES}); otherwise `k`d1000 read as the k digits of a base-1000 number (the first die
   * the lowest digit, each die's face − 1), accepted when below the largest multiple of n that k
   * digits reach and then taken mod n, else thrown again (rejection sampling: uniform, and every throw
   * recorded, so `mailjudge dice verify` recomputes each one).
   */
  index(n: number, purpose: string): number {
    if (n <= MAX_SIDES) return this.roll(`d${n}`, purpose).total - 1;
    let k = 1;
    while (MAX_SIDES ** k < n) k++;
    const range = MAX_SIDES ** k;
    const limit = Math.floor(range / n) * n;
    for (;;) {
      const r = this.roll(`${k}d${MAX_SIDES}`, `${purpose} (one number of 0..${n - 1}: the ${k} dice as base-${MAX_SIDES} digits, lowest first, below ${limit}, mod ${n})`);
      const value = r.dice.reduce((acc, face, i) => acc + (face - 1) * MAX_SIDES ** i, 0);
      if (value < limit) return value % n;
    }
  }

  /** One of `items`, by a die of `items.length` faces (the first when there is only one, no roll). */
  pick<T>(items: readonly T[], purpose: string): T {
    if (items.length === 0) throw new Error(`nothing to pick from: ${purpose}`);
    if (items.length === 1) return items[0]!;
    return items[this.index(items.length, purpose)]!;
  }

  /** `items` in a random order (Fisher–Yates, each swap a recorded die). */
  shuffle<T>(items: readonly T[], purpose: string): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.index(i + 1, purpose);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

export interface VerifyInput {
  readonly seed: string;
  readonly commitment?: string;
  readonly rolls: readonly { notation: string; nonce: string; dice?: readonly number[]; total?: number }[];
}

export interface VerifyResult {
  readonly ok: boolean;
  readonly commitment: string;
  readonly commitmentMatches: boolean | null;
  readonly rolls: readonly { nonce: string; notation: string; ok: boolean; expected: { dice: number[]; total: number }; recorded: { dice?: readonly number[]; total?: number } }[];
}

/** Recompute every recorded roll from the revealed seed and compare. */
export function verify(input: VerifyInput): VerifyResult {
  const c = commitment(input.seed);
  const commitmentMatches = input.commitment === undefined ? null : input.commitment.toLowerCase() === c;
  const rolls = input.rolls.map((r) => {
    const again = roll(input.seed, r.nonce, r.notation);
    const diceOk = r.dice === undefined || (r.dice.length === again.dice.length && r.dice.every((d, i) => d === again.dice[i]));
    const totalOk = r.total === undefined || r.total === again.total;
    return { nonce: r.nonce, notation: again.notation, ok: diceOk && totalOk, expected: { dice: [...again.dice], total: again.total }, recorded: { ...(r.dice ? { dice: r.dice } : {}), ...(r.total !== undefined ? { total: r.total } : {}) } };
  });
  return { ok: commitmentMatches !== false && rolls.every((r) => r.ok), commitment: c, commitmentMatches, rolls };
}
