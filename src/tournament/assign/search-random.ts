/**
 * The local search's source of chance: the same construction as the dice service's rolls
 * (HMAC-SHA256 keyed with the round's seed, read as 32-bit words, rejection sampling without modulo
 * bias), but eight words per HMAC instead of one die, because the search draws hundreds of thousands
 * of numbers and none of them is a roll anybody needs to see. Anyone with the revealed seed reruns
 * the assignment and gets the same draws, so the seating stays verifiable. Pure (no Math.random).
 */
import { createHmac } from 'node:crypto';

export class SearchRandom {
  private block = 0;
  private words = new Uint32Array(8);
  private at = 8;
  constructor(private readonly seed: string, private readonly scope: string) {}

  private next(): number {
    if (this.at === 8) {
      const mac = createHmac('sha256', this.seed).update(`${this.scope}:search:${this.block++}`).digest();
      for (let i = 0; i < 8; i++) this.words[i] = mac.readUInt32BE(i * 4);
      this.at = 0;
    }
    return this.words[this.at++]!;
  }

  /** A uniform integer in 0..n−1 (n ≥ 1). */
  below(n: number): number {
    if (n <= 1) return 0;
    const limit = Math.floor(0x1_0000_0000 / n) * n;
    for (;;) {
      const x = this.next();
      if (x < limit) return x % n;
    }
  }
}
