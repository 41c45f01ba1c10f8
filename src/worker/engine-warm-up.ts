/**
 * Issue 32: the judge warms the Diplomacy engine at start-up, so that its first round of
 * adjudications does not run wholly in V8's interpreter while the optimising compiler catches up.
 * Measured (bench:adjudicate -- --round-runs N): one movement phase of each of 40 games costs about
 * half the main-thread CPU after the warm-up's 800 synthetic phases than in a fresh process. The
 * engine's script (src/diplomacy/warm-up.ts: synthetic phases only, no game's data) runs one round
 * per turn of the event loop (a few milliseconds of work each), so a job that arrives meanwhile waits
 * for at most one round, never for the whole warm-up; the compiler's work runs on V8's background
 * threads. `mailjudge start` runs it in a process that takes the worker role.
 */
import { warmUpEngine } from '../diplomacy/index.js';
import { log } from '../config/log.js';

export interface EngineWarmUp {
  /** Resolves when every round has run (or the warm-up was stopped): the phases adjudicated. */
  readonly done: Promise<number>;
  stop(): void;
}

/** Start the warm-up: `rounds` rounds of the engine's script (20 phases each), one per turn of the event loop. */
export function startEngineWarmUp(rounds = 40): EngineWarmUp {
  let stopped = false;
  let timer: NodeJS.Immediate | undefined;
  let finish: (phases: number) => void = () => {};
  const done = new Promise<number>((resolve) => { finish = resolve; });
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  let phases = 0;
  let round = 0;
  const step = () => {
    timer = undefined;
    if (stopped) return finish(phases);
    phases += warmUpEngine(1);
    if (++round < rounds) {
      timer = setImmediate(step);
      return;
    }
    const cpu = process.cpuUsage(cpu0);
    log().info({ event: 'engine.warmed', phases, ms: Math.round(performance.now() - started), cpuMs: Math.round((cpu.user + cpu.system) / 1000) }, `the Diplomacy engine is warm (${phases} synthetic phases adjudicated at start-up)`);
    finish(phases);
  };
  timer = setImmediate(step);
  return {
    done,
    stop() {
      stopped = true;
      if (timer) {
        clearImmediate(timer);
        timer = undefined;
        finish(phases);
      }
    },
  };
}
