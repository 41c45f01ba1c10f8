/**
 * `npm run bench:calendar`: 10,000 synthetic games' calendars (players in ten zones, weekly
 * unavailable windows, deadlines set clear of them, mixed order statuses, NMR notices), each evaluated
 * with the pure calendar rules for the actions due in the next hour: reminders, GM digests, early
 * adjudications, deadlines (with their publication instant) and NMR contact deadlines. The clock is
 * set on the US spring-forward weekend so that the DST paths are exercised. Prints the games, the
 * median total time of 5 runs, the time per game and the peak RSS.
 */
import { Duration } from 'luxon';
import { POWERS, type Phase, type PhaseKind, type Power } from '../src/diplomacy/index.js';
import { mulberry32 } from '../test/helpers/mulberry32.js';
import {
  WEEKDAYS,
  actionsDue,
  nextDeadline,
  reminderKey,
  digestKey,
  type CalendarAction,
  type GameCalendar,
  type OrderStatus,
  type UnavailableWindow,
} from '../src/diplomacy/calendar/index.js';

const GAMES = 10_000;
const RUNS = 5;
const HOUR = 3_600_000;
const NOW = Date.parse('2025-03-08T12:00:00Z');
const ZONES = ['America/New_York', 'America/Los_Angeles', 'America/Sao_Paulo', 'Europe/London', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Tokyo', 'Australia/Sydney', 'Pacific/Auckland', 'UTC'];
const LEADS = [Duration.fromObject({ hours: 48 }), Duration.fromObject({ hours: 24 }), Duration.fromObject({ hours: 6 })];
const DIGEST_LEADS = [Duration.fromObject({ hours: 12 })];

// mulberry32: a deterministic PRNG, so every run builds the same games.
const rnd = mulberry32(20250308);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function randomWindow(power: Power): UnavailableWindow {
  const start = Math.floor(rnd() * 7 * 48) * 30; // half-hour steps through the week, in minutes
  const length = (24 + Math.floor(rnd() * 41)) * 60; // 24 to 64 hours
  const end = (start + length) % (7 * 24 * 60);
  return { power, zone: pick(ZONES), startDay: WEEKDAYS[Math.floor(start / 1440)]!, startTime: hhmm(start % 1440), endDay: WEEKDAYS[Math.floor(end / 1440)]!, endTime: hhmm(end % 1440) };
}

function randomPhase(): Phase {
  const year = 1901 + Math.floor(rnd() * 10);
  const kind: PhaseKind = pick(['M', 'M', 'M', 'R', 'A']);
  return { season: kind === 'A' ? 'W' : pick(['S', 'F'] as const), year, kind };
}

function buildGame(i: number): GameCalendar {
  const phase = randomPhase();
  const lastPublication = new Date(NOW - Math.floor(rnd() * (phase.kind === 'M' ? 100 : 30)) * HOUR);
  const windows = POWERS.filter(() => rnd() < 0.4).map(randomWindow);
  const { deadline } = nextDeadline({ previousPublication: lastPublication, phaseKind: phase.kind, windows });
  const allFinal = rnd() < 0.15;
  const powers = POWERS.filter(() => phase.kind === 'M' || rnd() < 0.3).map((power) => ({
    power,
    status: (allFinal ? 'final' : pick(['missing', 'preliminary', 'final', 'final'])) as OrderStatus,
    cd: !allFinal && rnd() < 0.05,
    email: `${power.toLowerCase()}.${i}@example.org`,
  }));
  const gameId = `g${i}`;
  // The worker has sent what was due an hour ago, except in one game in ten (catching up).
  const remindersSent = new Set<string>();
  const digestsSent = new Set<string>();
  if (rnd() > 0.1) {
    for (const lead of LEADS) if (deadline.getTime() - lead.toMillis() < NOW - HOUR) for (const p of powers) remindersSent.add(reminderKey(gameId, phase, p.power, deadline, lead));
    for (const lead of DIGEST_LEADS) if (deadline.getTime() - lead.toMillis() < NOW - HOUR) digestsSent.add(digestKey(gameId, phase, deadline, lead));
  }
  const nmrNotices = rnd() < 0.2 ? [{ power: pick(POWERS), publishedAt: new Date(NOW - Math.floor(rnd() * 100) * HOUR), zone: pick(ZONES), contacted: rnd() < 0.3 }] : [];
  return { gameId, phase, deadline, lastPublication, windows, leadTimes: LEADS, powers, remindersSent, digestsSent, digestLeadTimes: DIGEST_LEADS, nmrNotices };
}

function evaluate(games: readonly GameCalendar[], now: Date): Map<CalendarAction['kind'], number> {
  const counts = new Map<CalendarAction['kind'], number>();
  for (const g of games) for (const a of actionsDue(g, now, HOUR)) counts.set(a.kind, (counts.get(a.kind) ?? 0) + 1);
  return counts;
}

function main(): void {
  const b0 = process.hrtime.bigint();
  const games = Array.from({ length: GAMES }, (_, i) => buildGame(i));
  const buildMs = Number(process.hrtime.bigint() - b0) / 1e6;
  const windows = games.reduce((n, g) => n + g.windows.length, 0);

  const c0 = process.hrtime.bigint();
  const counts = evaluate(games, new Date(NOW));
  const coldMs = Number(process.hrtime.bigint() - c0) / 1e6;
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = process.hrtime.bigint();
    evaluate(games, new Date(NOW + (r % 2) * 60_000));
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  console.log(`games: ${GAMES} (${windows} unavailable windows in ${ZONES.length} zones), now ${new Date(NOW).toISOString()}, horizon 1 hour`);
  console.log(`built calendars (nextDeadline clear of windows): ${buildMs.toFixed(0)} ms`);
  console.log(`actions due: ${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(`first (cold) evaluation: ${coldMs.toFixed(1)} ms`);
  console.log(`evaluation: ${median.toFixed(1)} ms total (median of ${RUNS} runs: ${times.map((t) => t.toFixed(1)).join(', ')}), ${((median * 1000) / GAMES).toFixed(1)} µs per game`);
  console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(1)} MB`);
}

main();
