/**
 * What `mailjudge doctor` and `mailjudge start` say of the Node they run on (src/cli/runtime-check.ts):
 * the dates are Node's published end-of-life dates (even lines: 30 April, 30 months after the line's
 * first release), the days counted by hand.
 */
import { describe, expect, it } from 'vitest';
import { runtimeCheck } from '../../src/cli/runtime-check.js';
import { formatDoctor } from '../../src/cli/doctor.js';

const at = (iso: string) => new Date(iso);

describe('runtimeCheck', () => {
  it.each([
    // version, LTS name, today, ok, note, what the operator reads
    ['v20.20.2', 'Iron', '2026-11-29T14:00:00Z', false, false, 'Node 20.20.2 (LTS "Iron") has been past its end of life since 30 April 2026: no security fixes; run the judge on the project\'s pinned Node (node_modules/.bin/node: npm start, npx mailjudge and deploy/mailjudge.service use it; docs/operators.md section 9)'],
    ['v20.20.2', 'Iron', '2026-04-30T00:00:00Z', false, false, 'Node 20.20.2 (LTS "Iron") has been past its end of life since 30 April 2026'],
    // One second before the end: a day left (rounded up), a note, not a problem.
    ['v20.20.2', 'Iron', '2026-04-29T23:59:59Z', true, true, 'Node 20.20.2 (LTS "Iron") reaches its end of life on 30 April 2026, in 1 day(s): move to the next LTS line (docs/operators.md section 9)'],
    // 2028 is a leap year: 15 Feb → 30 Apr is 14 + 31 + 30 = 75 days, inside the 90-day warning.
    ['v24.22.3', 'Krypton', '2028-02-15T00:00:00Z', true, true, 'Node 24.22.3 (LTS "Krypton") reaches its end of life on 30 April 2028, in 75 day(s)'],
    // 31 Jan → 30 Apr 2028 is 29 + 31 + 30 = 90 days: the first day of the warning; a day earlier, none.
    ['v24.22.3', 'Krypton', '2028-01-31T00:00:00Z', true, true, 'in 90 day(s)'],
    ['v24.22.3', 'Krypton', '2028-01-30T00:00:00Z', true, false, 'Node 24.22.3 (LTS "Krypton"), maintained until 30 April 2028'],
    ['v24.22.3', 'Krypton', '2026-11-29T14:00:00Z', true, false, 'Node 24.22.3 (LTS "Krypton"), maintained until 30 April 2028'],
    ['v18.20.8', 'Hydrogen', '2026-11-29T14:00:00Z', false, false, 'past its end of life since 30 April 2025'],
    ['v25.1.0', undefined, '2026-11-29T14:00:00Z', true, true, 'Node 25.1.0: an odd-numbered line, never LTS and maintained only months'],
    ['v28.0.0', 'Zinc', '2026-11-29T14:00:00Z', true, false, 'Node 28.0.0 (LTS "Zinc")'],
  ] as const)('%s (%s) on %s: ok %s, note %s', (version, lts, today, ok, note, detail) => {
    const c = runtimeCheck(version, lts, at(today));
    expect(c.name).toBe('runtime');
    expect(c.ok).toBe(ok);
    expect(c.note ?? false).toBe(note);
    expect(c.detail.startsWith(detail) || c.detail.includes(detail)).toBe(true);
  });

  it('is a problem line of the doctor report on Node 20 today', () => {
    expect(formatDoctor([runtimeCheck('v20.20.2', 'Iron', at('2026-11-29T14:00:00Z'))])).toMatch(/^PROBLEM runtime: Node 20\.20\.2 .*\n1 problem\(s\) to fix\.\n$/);
  });
});
