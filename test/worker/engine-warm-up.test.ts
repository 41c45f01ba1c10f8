/**
 * Issue 32: the judge's start-up warm-up of the engine runs a round per turn of the event loop, so
 * a job that arrives meanwhile is not held up by the whole warm-up; and it stops when the judge stops.
 */
import { describe, expect, it } from 'vitest';
import { startEngineWarmUp } from '../../src/worker/engine-warm-up.js';

describe('startEngineWarmUp', () => {
  it('runs every round, yielding to the event loop between rounds', async () => {
    const warm = startEngineWarmUp(5);
    let otherRanAt = -1;
    let finished = false;
    void warm.done.then(() => { finished = true; });
    // Scheduled after the warm-up began: it must run before the fifth round is done.
    setImmediate(() => { otherRanAt = finished ? 1 : 0; });
    expect(await warm.done).toBe(5 * 20);
    expect(otherRanAt).toBe(0);
  });

  it('stops early when stopped, with the phases done so far', async () => {
    const warm = startEngineWarmUp(1000);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    warm.stop();
    const phases = await warm.done;
    expect(phases).toBeGreaterThan(0);
    expect(phases).toBeLessThan(1000 * 20);
    expect(phases % 20).toBe(0);
  });
});
