/**
 * The DATC v3.0 chapter 6 runner: one `it()` per case, named by its DATC id, run under both rule
 * profiles. A case's `expect` is the document's preferred answer; `profiles` replace it where the
 * profile decides differently (DESIGN.md "Rule profiles").
 */
import { describe, it } from 'vitest';
import { runCase } from '../../helpers/run-case.js';
import type { DatcCase } from './datc-case.js';
import { cases as a } from './cases-6a-6c.js';
import { cases as d } from './cases-6d.js';
import { cases as e } from './cases-6e-6f.js';
import { cases as g } from './cases-6g-6j.js';

export const ALL_CASES: DatcCase[] = [...a, ...d, ...e, ...g];

for (const profile of ['wm', 'datc2000'] as const) {
  describe(`DATC v3.0 under the ${profile} profile`, () => {
    for (const c of ALL_CASES) {
      it(`${c.id} ${c.title}`, () => runCase(c, profile));
    }
  });
}
