/**
 * A second judge process for `bench:ingest` (BENCH_WORKER_PROCESSES, issue 29: "several judges on
 * one PostgreSQL"): `startJudge` with the `worker` role only, on the bench's database and smarthost,
 * judging DKIM through the bench's DNS zone (a JSON file: name → record type → answers; the in-process
 * resolver of test/helpers/dkim.ts cannot be handed to another process). Prints `ready` once its
 * workers run; stops on SIGTERM and prints its CPU time (`cpu <ms>`).
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../src/config/config.js';
import { startJudge } from '../src/worker/run-judge.js';

const zone = JSON.parse(readFileSync(process.env.BENCH_ZONE_FILE!, 'utf8')) as Record<string, Record<string, unknown>>;
const resolver = async (name: string, rr: string): Promise<unknown> => {
  const hit = zone[name.toLowerCase()]?.[rr];
  if (hit === undefined) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return hit;
};
const loaded = loadConfig(process.env);
if (!loaded.ok) throw new Error(loaded.problems.join('; '));
const judge = await startJudge(loaded.config, { roles: ['worker'], concurrency: Number(process.env.BENCH_CONCURRENCY ?? 4), receive: { auth: { resolver } } });
console.log('ready');
process.once('SIGTERM', () => {
  void judge.stop().finally(() => {
    const cpu = process.cpuUsage();
    console.log(`cpu ${Math.round((cpu.user + cpu.system) / 1000)}`);
    process.exit(0);
  });
});
