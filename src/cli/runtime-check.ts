/**
 * The runtime the judge is running on, as `mailjudge doctor` and `mailjudge start` report it (stop 49,
 * docs/operators.md section 9). Pure: the version, Node's LTS name and today are parameters.
 *
 * Node's release lines: an even-numbered line becomes LTS and is maintained for 30 months from its
 * first release; an odd-numbered line is never LTS and ends after about 8 months. The dates below are
 * Node's published end-of-life dates.
 */
import type { Check } from '../mail/dns-check.js';

/** Node's end-of-life date per even (LTS) line, as published by the Node.js release working group. */
export const NODE_END_OF_LIFE: Readonly<Record<number, string>> = {
  16: '2023-09-11',
  18: '2025-04-30',
  20: '2026-04-30',
  22: '2027-04-30',
  24: '2028-04-30',
  26: '2029-04-30',
};

/** How long before its end a line is named in a note: time to plan the move to the next LTS line. */
const WARN_DAYS = 90;

const PINNED_HINT = 'run the judge on the project\'s pinned Node (node_modules/.bin/node: npm start, npx mailjudge and deploy/mailjudge.service use it; docs/operators.md section 9)';

function day(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The check of `version` (`v24.22.3`) with Node's `lts` name (`Krypton`, undefined off LTS) on `today`. */
export function runtimeCheck(version: string, lts: string | undefined, today: Date): Check {
  const name = 'runtime';
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  const label = `Node ${version.replace(/^v/, '')}${lts ? ` (LTS "${lts}")` : ''}`;
  const end = NODE_END_OF_LIFE[major];
  if (end === undefined) {
    if (major % 2 === 1) return { name, ok: true, note: true, detail: `${label}: an odd-numbered line, never LTS and maintained only months; ${PINNED_HINT}` };
    return { name, ok: true, detail: label };
  }
  const endAt = new Date(`${end}T00:00:00Z`).getTime();
  if (today.getTime() >= endAt) {
    return { name, ok: false, detail: `${label} has been past its end of life since ${day(end)}: no security fixes; ${PINNED_HINT}` };
  }
  const daysLeft = Math.ceil((endAt - today.getTime()) / 86_400_000);
  if (daysLeft <= WARN_DAYS) return { name, ok: true, note: true, detail: `${label} reaches its end of life on ${day(end)}, in ${daysLeft} day(s): move to the next LTS line (docs/operators.md section 9)` };
  return { name, ok: true, detail: `${label}, maintained until ${day(end)}` };
}
