import { describe, expect, it } from 'vitest';
import { rateLimit, replyBudgetWindow, RATE_LIMIT_WINDOW_MS } from '../../../src/rules/submission/index.js';

const NOW = new Date('2025-03-03T12:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe('rateLimit: the per-sender reply cap (loop guard, DESIGN "Reliability")', () => {
  // prettier-ignore
  it.each([
    ['no replies yet: allowed',                                 [],                                  3, true,  undefined],
    ['below the cap: allowed',                                  [ago(10), ago(20)],                  3, true,  undefined],
    ['at the cap: refused until the oldest leaves the window',  [ago(10), ago(20), ago(50)],         3, false, ago(50 - 60)],
    ['replies older than an hour do not count',                 [ago(61), ago(90), ago(10), ago(20)], 3, true,  undefined],
    ['a reply exactly an hour ago has left the window',         [ago(60), ago(10), ago(20)],         3, true,  undefined],
    ['a reply 59:59 ago still counts',                          [new Date(NOW.getTime() - RATE_LIMIT_WINDOW_MS + 1000), ago(10), ago(20)], 3, false, new Date(NOW.getTime() + 1000)],
    ['over the cap: wait until enough have left',               [ago(5), ago(10), ago(15), ago(20), ago(25)], 3, false, ago(15 - 60)],
    ['a reply stamped in the future (clock skew) counts',       [new Date(NOW.getTime() + 60_000)],  1, false, new Date(NOW.getTime() + 61 * 60_000)],
    ['order of the list does not matter',                       [ago(50), ago(10), ago(20)],         3, false, ago(50 - 60)],
    ['perHour 1: one reply in the hour blocks the next',        [ago(30)],                           1, false, ago(30 - 60)],
  ] as const)('%s', (_name, replies, perHour, allowed, retryAfter) => {
    const r = rateLimit(replies, NOW, { perHour });
    expect(r.allowed).toBe(allowed);
    expect(r.retryAfter?.toISOString()).toBe(retryAfter?.toISOString());
  });

  it('a cap of 0 never allows an answer and gives no retry time', () => {
    expect(rateLimit([], NOW, { perHour: 0 })).toEqual({ allowed: false });
  });

  it('the retry time really is the first instant allowed', () => {
    const replies = [ago(10), ago(20), ago(50)];
    const r = rateLimit(replies, NOW, { perHour: 3 });
    expect(rateLimit(replies, new Date(r.retryAfter!.getTime() - 1), { perHour: 3 }).allowed).toBe(false);
    expect(rateLimit(replies, r.retryAfter!, { perHour: 3 }).allowed).toBe(true);
  });
});

describe('reply budgets (issue 25)', () => {
  const limits = { ownPerHour: 30, identityPerHour: 3, automaticPerDay: 1 };
  // prettier-ignore
  it.each([
    ['own',       30, RATE_LIMIT_WINDOW_MS],
    ['identity',   3, RATE_LIMIT_WINDOW_MS],
    ['automatic',  1, 24 * RATE_LIMIT_WINDOW_MS],
  ] as const)('%s: %i in %i ms', (budget, perHour, windowMs) => {
    expect(replyBudgetWindow(budget, limits)).toEqual({ perHour, windowMs });
  });

  it('an automatic answer 23 h ago blocks another; 24 h and 1 ms ago it does not', () => {
    const NOW = new Date('2030-01-02T12:00:00Z');
    const day = replyBudgetWindow('automatic', limits);
    // 23 h = 82,800,000 ms < the day's 86,400,000 ms: still in the window.
    expect(rateLimit([new Date(NOW.getTime() - 23 * 3_600_000)], NOW, day).allowed).toBe(false);
    expect(rateLimit([new Date(NOW.getTime() - 86_400_001)], NOW, day).allowed).toBe(true);
  });
});
