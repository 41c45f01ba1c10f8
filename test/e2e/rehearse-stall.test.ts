/**
 * A rehearsal whose rounds are not played in time says why before it gives up (scripts/rehearse.ts,
 * `--timeout`): the decisions other than orders, each with the subject of the message it decided, and
 * every phase still open with its deadline and the simulated clock. At stop 49 that report itself
 * failed (it read a `subject` column `inbound_messages` never had, the raw message being all it
 * keeps), so a stalled 42-team run ended on an SQL error instead of its own diagnosis.
 *
 * The small default, given 20 real seconds: round 1 cannot finish (its first Fall deadline is days
 * of simulated time away), so the run must stop with the timeout's error and the report.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, rehearse } from '../../scripts/rehearse.js';

const out = mkdtempSync(join(tmpdir(), 'mj-rehearse-stall-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run rehearse -- --timeout, a stalled run', () => {
  it('stops with the timeout and reports each open phase and the decisions, with their subjects', async () => {
    const lines: string[] = [];
    const error = await rehearse({ ...DEFAULT_OPTIONS, rounds: 1, kills: 0, resultsDir: out, timeoutSeconds: 20, log: (l) => lines.push(l) }).then(
      () => undefined,
      (e: Error) => e,
    );
    const detail = `\n${lines.join('\n')}`;
    expect(error?.message, detail).toMatch(/^round 1 did not finish within 20 s; games: \{/);
    // Both boards (rh-r1-b1, rh-r1-b2) are open, each phase with its deadline and the clock beside it.
    const open = lines.filter((l) => l.startsWith('open: '));
    expect(open.length, detail).toBeGreaterThanOrEqual(2);
    for (const l of open) expect(l, detail).toMatch(/^open: rh-r1-b\d [SFW]19\d\d[MRA], deadline \S+Z \(simulated now \S+Z\)$/);
    // Every decision line names the message's subject as its sender wrote it (never "null").
    for (const l of lines.filter((x) => x.startsWith('decided '))) expect(l, detail).toMatch(/^decided \d+× [a-z-]+: (?!null: ).+: \S/);
  }, 120_000);
});
