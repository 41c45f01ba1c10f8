/**
 * The fast clock (issue 30): simulated = origin + (real − anchor) × speed, and back, rounded so a job
 * scheduled at a simulated instant never runs before it; the setting from the environment and the
 * file; every log line carrying the simulated time while it is on.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { judgeNow, judgeTimeOf, realAt, realDurationOf, realTimeOf, simulatedAt, useClock, useRealClock, type ClockSetting } from '../../src/config/clock.js';
import { loadConfig } from '../../src/config/config.js';
import { createLogger } from '../../src/config/log.js';

const at = (iso: string) => new Date(iso);
const setting = (origin: string, anchor: string, speed: number): ClockSetting => ({ origin: at(origin), anchor: at(anchor), speed });

afterEach(() => {
  useClock(undefined);
  useRealClock(() => Date.now());
});

describe('the mapping', () => {
  // Each row: the setting, a real instant, the simulated instant worked by hand.
  const rows: [ClockSetting, string, string, string][] = [
    // speed 1, origin = anchor: the real clock itself.
    [setting('2026-11-27T02:00:00Z', '2026-11-27T02:00:00Z', 1), '2026-11-27T03:15:00Z', '2026-11-27T03:15:00.000Z', 'identity'],
    // speed 60: 10 real s after the anchor = 600 simulated s = 10 min after the origin.
    [setting('2027-03-01T00:00:00Z', '2026-11-27T02:00:00Z', 60), '2026-11-27T02:00:10Z', '2027-03-01T00:10:00.000Z', '60x, 10 s'],
    // speed 60: 1 real min = 1 simulated hour.
    [setting('2027-03-01T00:00:00Z', '2026-11-27T02:00:00Z', 60), '2026-11-27T02:01:00Z', '2027-03-01T01:00:00.000Z', '60x, 1 min'],
    // speed 3600: 2 real s = 7200 s = 2 h.
    [setting('2027-03-01T10:00:00Z', '2026-11-27T02:00:00Z', 3600), '2026-11-27T02:00:02Z', '2027-03-01T12:00:00.000Z', '3600x, 2 s'],
    // before the anchor: 1 real s before, at 60x, = 1 simulated minute before the origin.
    [setting('2027-03-01T00:00:00Z', '2026-11-27T02:00:00Z', 60), '2026-11-27T01:59:59Z', '2027-02-28T23:59:00.000Z', 'before the anchor'],
    // slower than real: speed 0.5, 4 real s = 2 s.
    [setting('2027-03-01T00:00:00Z', '2026-11-27T02:00:00Z', 0.5), '2026-11-27T02:00:04Z', '2027-03-01T00:00:02.000Z', 'half speed'],
    // a millisecond at 60x is 60 ms.
    [setting('2027-03-01T00:00:00Z', '2026-11-27T02:00:00Z', 60), '2026-11-27T02:00:00.001Z', '2027-03-01T00:00:00.060Z', '1 ms'],
  ];
  it.each(rows)('%#: real %s → simulated %s (%s)', (s, real, simulated) => {
    expect(simulatedAt(s, at(real)).toISOString()).toBe(simulated);
    // And back: the real instant of that simulated one is the real instant we started from.
    expect(realAt(s, at(simulated)).toISOString()).toBe(at(real).toISOString());
  });

  it('back to real time rounds UP: a job at a simulated instant never runs before it', () => {
    // 7 s of 3-fold time = 2.333… real s; 2333 ms would map to 6.999 s, so 2334 ms.
    const s = setting('2027-03-01T00:00:00Z', '2026-11-27T02:00:00Z', 3);
    const real = realAt(s, at('2027-03-01T00:00:07Z'));
    expect(real.toISOString()).toBe('2026-11-27T02:00:02.334Z');
    expect(simulatedAt(s, real).getTime()).toBeGreaterThanOrEqual(at('2027-03-01T00:00:07Z').getTime());
    expect(simulatedAt(s, new Date(real.getTime() - 1)).getTime()).toBeLessThan(at('2027-03-01T00:00:07Z').getTime());
  });

  it('the process clock: off is the real clock; on, now and outside timestamps map by one formula', () => {
    useRealClock(() => at('2026-11-27T02:00:30Z').getTime());
    expect(judgeNow().toISOString()).toBe('2026-11-27T02:00:30.000Z');
    expect(judgeTimeOf(at('2026-11-27T02:00:00Z')).toISOString()).toBe('2026-11-27T02:00:00.000Z');
    expect(realTimeOf(at('2030-01-01T00:00:00Z')).toISOString()).toBe('2030-01-01T00:00:00.000Z');
    useClock(setting('2027-03-01T00:00:00Z', '2026-11-27T02:00:00Z', 60));
    // 30 real s after the anchor at 60x = 30 simulated minutes.
    expect(judgeNow().toISOString()).toBe('2027-03-01T00:30:00.000Z');
    // An INTERNALDATE 10 s after the anchor = 10 simulated minutes.
    expect(judgeTimeOf(at('2026-11-27T02:00:10Z')).toISOString()).toBe('2027-03-01T00:10:00.000Z');
    // A deadline 2 simulated hours after the origin is due 2 real minutes after the anchor.
    expect(realTimeOf(at('2027-03-01T02:00:00Z')).toISOString()).toBe('2026-11-27T02:02:00.000Z');
  });
});

describe('the setting', () => {
  it('off by default', () => {
    const r = loadConfig({});
    expect(r.ok && r.config.clock).toBeUndefined();
  });

  it('from the environment; the anchor defaults to the origin and the speed to 1', () => {
    const r = loadConfig({ MAILJUDGE_CLOCK_ORIGIN: '2027-03-01T00:00:00Z', MAILJUDGE_CLOCK_ANCHOR: '2026-11-27T02:00:00Z', MAILJUDGE_CLOCK_SPEED: '60' });
    expect(r.ok && r.config.clock).toEqual({ origin: at('2027-03-01T00:00:00Z'), anchor: at('2026-11-27T02:00:00Z'), speed: 60 });
    const d = loadConfig({ MAILJUDGE_CLOCK_ORIGIN: '2027-03-01T00:00:00+01:00' });
    expect(d.ok && d.config.clock).toEqual({ origin: at('2027-02-28T23:00:00Z'), anchor: at('2027-02-28T23:00:00Z'), speed: 1 });
  });

  it('from the file, the environment overriding it', () => {
    const file = JSON.stringify({ clock: { origin: '2027-03-01T00:00:00Z', anchor: '2026-11-27T02:00:00Z', speed: 10 } });
    const r = loadConfig({ MAILJUDGE_CLOCK_SPEED: '120' }, file);
    expect(r.ok && r.config.clock).toEqual({ origin: at('2027-03-01T00:00:00Z'), anchor: at('2026-11-27T02:00:00Z'), speed: 120 });
  });

  it('bad values are problems naming the accepted form', () => {
    const r = loadConfig({ MAILJUDGE_CLOCK_ORIGIN: 'tomorrow', MAILJUDGE_CLOCK_SPEED: '0' });
    expect(r.ok).toBe(false);
    const problems = r.ok ? [] : r.problems;
    expect(problems).toContain('MAILJUDGE_CLOCK_ORIGIN="tomorrow": must be an ISO 8601 instant with a zone, such as 2027-03-01T00:00:00Z');
    expect(problems.some((p) => p.startsWith('MAILJUDGE_CLOCK_SPEED="0": must be a number above 0'))).toBe(true);
    const lone = loadConfig({ MAILJUDGE_CLOCK_SPEED: '60' });
    expect(lone.ok ? [] : lone.problems).toEqual([expect.stringContaining('a clock anchor, speed or change is set but no origin')]);
    const file = loadConfig({}, JSON.stringify({ clock: { origin: '2027-03-01T00:00:00Z', rate: 3 } }));
    expect(file.ok ? [] : file.problems).toEqual(['config file clock: unknown key "rate"; the known keys are origin, anchor, speed, changes']);
  });
});

describe('later speeds (a rehearsal speeding up for rounds with fewer boards)', () => {
  // 720x from the anchor 02:00:00; 3600x from real 02:01:00; 14400x from real 02:01:10.
  const s: ClockSetting = {
    ...setting('2027-03-01T00:00:00Z', '2026-11-27T02:00:00Z', 720),
    changes: [{ at: at('2026-11-27T02:01:00Z'), speed: 3600 }, { at: at('2026-11-27T02:01:10Z'), speed: 14_400 }],
  };
  // Each row worked by hand: 60 real s at 720x = 43,200 s = 12 h, so the second piece starts at
  // 2027-03-01T12:00; 10 real s at 3600x = 10 h, so the third starts at 22:00.
  const rows: [string, string, string][] = [
    ['2026-11-27T02:00:30Z', '2027-03-01T06:00:00.000Z', 'first piece: 30 s x 720 = 6 h'],
    ['2026-11-27T01:59:59Z', '2027-02-28T23:48:00.000Z', 'before the anchor: the first piece, 1 s x 720 = 12 min earlier'],
    ['2026-11-27T02:01:00Z', '2027-03-01T12:00:00.000Z', 'the first change: continuous (12 h either way)'],
    ['2026-11-27T02:01:05Z', '2027-03-01T17:00:00.000Z', 'second piece: 12 h + 5 s x 3600 = 17 h'],
    ['2026-11-27T02:01:10Z', '2027-03-01T22:00:00.000Z', 'the second change: 12 h + 10 h'],
    ['2026-11-27T02:01:16Z', '2027-03-02T22:00:00.000Z', 'third piece: 22 h + 6 s x 14400 = 22 h + 24 h'],
  ];
  it.each(rows)('%#: real %s → simulated %s (%s)', (real, simulated) => {
    expect(simulatedAt(s, at(real)).toISOString()).toBe(simulated);
    expect(realAt(s, at(simulated)).toISOString()).toBe(at(real).toISOString());
  });

  it('monotonic, continuous, and back to real time never early, at every millisecond round the changes', () => {
    for (const base of [at('2026-11-27T02:00:59.990Z').getTime(), at('2026-11-27T02:01:09.990Z').getTime()]) {
      let before = simulatedAt(s, new Date(base - 1)).getTime();
      for (let ms = base; ms < base + 20; ms++) {
        const sim = simulatedAt(s, new Date(ms)).getTime();
        // One real millisecond moves the simulated time by the speed of its piece: 720, 3600 or 14400 ms.
        expect([720, 3600, 14_400]).toContain(sim - before);
        before = sim;
        const back = realAt(s, new Date(sim)).getTime();
        expect(back).toBe(ms);
        // A simulated instant between two real milliseconds maps to the later one.
        const between = realAt(s, new Date(sim - 1)).getTime();
        expect(between).toBe(ms);
      }
    }
  });

  it('the process clock uses the speed in force for real durations', () => {
    useClock(s);
    useRealClock(() => at('2026-11-27T02:00:30Z').getTime());
    // 1 simulated hour = 3600 / 720 = 5 real s in the first piece, 1 s in the second.
    expect(realDurationOf(3_600_000)).toBe(5000);
    useRealClock(() => at('2026-11-27T02:01:05Z').getTime());
    expect(realDurationOf(3_600_000)).toBe(1000);
    expect(judgeNow().toISOString()).toBe('2027-03-01T17:00:00.000Z');
  });

  it('from the environment and the file; out of order or malformed is a problem naming the form', () => {
    const r = loadConfig({ MAILJUDGE_CLOCK_ORIGIN: '2027-03-01T00:00:00Z', MAILJUDGE_CLOCK_ANCHOR: '2026-11-27T02:00:00Z', MAILJUDGE_CLOCK_SPEED: '720', MAILJUDGE_CLOCK_CHANGES: '2026-11-27T02:01:00Z=3600, 2026-11-27T02:01:10Z=14400' });
    expect(r.ok && r.config.clock).toEqual(s);
    const file = loadConfig({}, JSON.stringify({ clock: { origin: '2027-03-01T00:00:00Z', anchor: '2026-11-27T02:00:00Z', speed: 720, changes: [{ at: '2026-11-27T02:01:00Z', speed: 3600 }, { at: '2026-11-27T02:01:10Z', speed: 14400 }] } }));
    expect(file.ok && file.config.clock).toEqual(s);
    const bad = loadConfig({ MAILJUDGE_CLOCK_ORIGIN: '2027-03-01T00:00:00Z', MAILJUDGE_CLOCK_ANCHOR: '2026-11-27T02:00:00Z', MAILJUDGE_CLOCK_CHANGES: '2026-11-27T02:01:00Z:3600' });
    expect(bad.ok ? [] : bad.problems).toEqual([expect.stringContaining('MAILJUDGE_CLOCK_CHANGES="2026-11-27T02:01:00Z:3600": must be later speeds, each a real instant and a speed, such as 2026-11-27T03:00:00Z=3600')]);
    const early = loadConfig({ MAILJUDGE_CLOCK_ORIGIN: '2027-03-01T00:00:00Z', MAILJUDGE_CLOCK_ANCHOR: '2026-11-27T02:00:00Z', MAILJUDGE_CLOCK_CHANGES: '2026-11-27T02:01:00Z=3600,2026-11-27T02:00:50Z=14400' });
    expect(early.ok ? [] : early.problems).toEqual([expect.stringContaining('2026-11-27T02:00:50.000Z=14400 must come after the change before it (2026-11-27T02:01:00.000Z)')]);
    const lone = loadConfig({ MAILJUDGE_CLOCK_CHANGES: '2026-11-27T02:01:00Z=3600' });
    expect(lone.ok ? [] : lone.problems).toEqual([expect.stringContaining('but no origin')]);
  });
});

describe('the log', () => {
  function lines(run: (log: ReturnType<typeof createLogger>) => void): Record<string, unknown>[] {
    let text = '';
    const destination = new Writable({ write(chunk, _e, cb) { text += String(chunk); cb(); } });
    run(createLogger({ level: 'info', destination, pretty: false }));
    return text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  it('every line carries the simulated time while the fast clock is on, none while it is off', () => {
    useRealClock(() => at('2026-11-27T02:00:05Z').getTime());
    expect(lines((l) => l.info('off'))[0]).not.toHaveProperty('simulatedTime');
    useClock(setting('2027-03-01T00:00:00Z', '2026-11-27T02:00:00Z', 60));
    const [a, b] = lines((l) => { l.info('one'); l.warn({ event: 'x' }, 'two'); });
    // 5 real s at 60x = 5 simulated minutes.
    expect(a!.simulatedTime).toBe('2027-03-01T00:05:00.000Z');
    expect(b!.simulatedTime).toBe('2027-03-01T00:05:00.000Z');
  });
});
