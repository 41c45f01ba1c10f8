/**
 * The judge benchmark's S1901M openings, shared by bench-worker, bench-map-boards and hash-maps: three
 * per power; game n plays the combination of n's base-3 digits (power k's opening is digit k), so
 * every game of the first 2,187 differs and each has its own map.
 */
import type { Power } from '../src/diplomacy/index.js';

/** Three S1901M openings per power, each a power's order lines joined by newlines. */
export const OPENINGS: Record<Power, readonly string[]> = {
  AUSTRIA: ['A Vie - Gal\nA Bud - Ser\nF Tri - Alb', 'A Vie - Tyr\nA Bud - Ser\nF Tri - Ven', 'A Vie - Boh\nA Bud - Rum\nF Tri - Adr'],
  ENGLAND: ['F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor', 'F Lon - Eng\nF Edi - Nth\nA Lvp - Wal', 'F Lon - Nth\nF Edi - Nwg\nA Lvp - Edi'],
  FRANCE: ['F Bre - Mao\nA Par - Bur\nA Mar - Spa', 'F Bre - Eng\nA Par - Pic\nA Mar - Bur', 'F Bre - Mao\nA Par - Gas\nA Mar - Pie'],
  GERMANY: ['F Kie - Den\nA Ber - Kie\nA Mun - Ruh', 'F Kie - Hol\nA Ber - Sil\nA Mun - Bur', 'F Kie - Bal\nA Ber - Pru\nA Mun - Tyr'],
  ITALY: ['F Nap - Ion\nA Rom - Apu\nA Ven H', 'F Nap - Tys\nA Rom - Tus\nA Ven - Pie', 'F Nap - Ion\nA Rom - Ven\nA Ven - Tri'],
  RUSSIA: ['F StP(sc) - Bot\nA Mos - Ukr\nA War - Gal\nF Sev - Bla', 'F StP(sc) - Fin\nA Mos - StP\nA War - Ukr\nF Sev - Rum', 'F StP(sc) - Bot\nA Mos - Lvn\nA War - Sil\nF Sev - Bla'],
  TURKEY: ['F Ank - Bla\nA Con - Bul\nA Smy - Arm', 'F Ank - Arm\nA Con - Bul\nA Smy - Con', 'F Ank - Bla\nA Con - Bul\nA Smy - Ank'],
};

/** Game `game`'s opening for the power at `powerIndex` in POWERS (n's base-3 digit). */
export function openingOf(game: number, powerIndex: number): number {
  return Math.floor(game / 3 ** powerIndex) % 3;
}
