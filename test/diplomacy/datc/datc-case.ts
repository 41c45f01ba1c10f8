/**
 * The data format of our DATC v3.0 transcription (chapter 6 of the Diplomacy Adjudicator Test Cases,
 * by Lucas B. Kruijswijk; the test cases of chapter 6 may be copied freely). One runner
 * (`datc.test.ts`) turns every case into one `it()` named by its DATC id.
 *
 * Orders and units are written in our canonical notation (DESIGN.md "Conventions"): upper-case
 * three-letter province codes, coasts as `STP/NC`, `A PAR - BUR`, `A LON - NWY VIA`,
 * `A LON - NTH - NWY` (route), `A MAR S A PAR - BUR`, `A MAR S F BRE`, `F NTH C A LON - NWY`,
 * `A PAR H`, retreats `F SWE R BAL` / `A TRI D`, adjustments `A PAR B`, `F STP/NC B`, `A WAR D`,
 * `WAIVE`. An order the document writes without a coast (or with a wrong one) is transcribed the
 * same way, because the coast rules are what some cases test.
 */

export type PowerName = 'AUSTRIA' | 'ENGLAND' | 'FRANCE' | 'GERMANY' | 'ITALY' | 'RUSSIA' | 'TURKEY';
export type PerPower<T> = Partial<Record<PowerName, T>>;

/**
 * The expected result of one order, keyed in `expect.results` by the order text exactly as written
 * in `orders` (for duplicates, the key may be prefixed with the power: `GERMANY: A MUN H`).
 *
 * - `succeeds`: a move moves; a support is given and not cut; a convoy order is part of a convoy
 *   that takes place; a retreat moves; a build or disband is carried out.
 * - `fails`: the order is not carried out for any reason (bounce, cut, disrupted, illegal, ...).
 * - `illegal`: the order is not carried out because it is illegal or void (the unit holds).
 * - `cut`: a support that is cut (a particular `fails`).
 */
export type ExpectedResult = 'succeeds' | 'fails' | 'illegal' | 'cut';

export interface DatcExpectation {
  /** Per-order results (only those the case states; omitted orders are not checked). */
  results?: Record<string, ExpectedResult>;
  /** Units dislodged by this movement phase, e.g. `['A YOR']`; `[]` asserts none. */
  dislodged?: string[];
  /** The full position after this phase (after retreats/adjustments are applied), if the case states it. */
  units?: PerPower<string[]>;
}

/** One phase of a case: the position is the previous phase's result unless given. */
export interface DatcPhase {
  /** `S1901M`, `F1901M`, `F1901R`, `W1901A`, ... */
  phase: string;
  orders: PerPower<string[]>;
  expect: DatcExpectation;
}

export interface DatcCase {
  /** DATC id, e.g. `6.A.5`. */
  id: string;
  /** The document's title, e.g. `Move to own sector with convoy`. */
  title: string;
  /** The phase of the first step; default `S1901M`. */
  phase?: string;
  /** Every unit on the board before the first phase (ordered or not). */
  units: PerPower<string[]>;
  /** Supply-centre ownership where it matters (adjustment cases); omitted = each power its home centres. */
  centers?: PerPower<string[]>;
  /** Orders of the first phase. */
  orders: PerPower<string[]>;
  /** Expected result of the first phase under the document's preferred rules. */
  expect: DatcExpectation;
  /** Further phases played after the first (retreats, builds). */
  then?: DatcPhase[];
  /**
   * Expectations that replace `expect` (and the `then` expectations, by index) under one rule profile
   * where it decides the case differently from the document (see DESIGN.md "Rule profiles").
   */
  profiles?: Partial<Record<'wm' | 'datc2000', { expect?: DatcExpectation; then?: DatcExpectation[]; why: string }>>;
  /** Anything the transcriber wants the reader to know (e.g. which of the document's options applies). */
  note?: string;
}
