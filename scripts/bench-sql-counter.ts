/**
 * Preloaded into a judge process by the benchmarks (`node --import ./dist/scripts/bench-sql-counter.js
 * dist/src/cli/main.js start`): counts the SQL statements the process sends through `pg` (the judge's
 * pool and graphile-worker's use the same module) and writes the counts as JSON to
 * BENCH_SQL_COUNT_FILE once a second when they changed, and at exit (a write every 200 ms blocked the
 * judge's event loop for ~2 % of a deadline on a busy disk). Not part of the judge.
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_SQL_COUNT_FILE;
const counts: { judge: number; queue: number; texts?: Record<string, number> } = { judge: 0, queue: 0, ...(process.env.BENCH_SQL_DETAIL === '1' ? { texts: {} } : {}) };
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
  if (/graphile_worker/.test(text)) counts.queue++;
  else counts.judge++;
  if (counts.texts) {
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 90);
    counts.texts[key] = (counts.texts[key] ?? 0) + 1;
  }
  return original.apply(this, args);
};
let written = -1;
const flush = () => {
  if (!file || written === counts.judge + counts.queue) return;
  written = counts.judge + counts.queue;
  writeFileSync(file, JSON.stringify(counts));
};
setInterval(flush, 1000).unref();
process.on('exit', flush);
