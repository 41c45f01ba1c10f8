/**
 * A second judge process for `bench:ingest` (BENCH_WORKER_PROCESSES, issue 29: "several judges on
 * one PostgreSQL"): `startJudge` with the `worker` role only, on the bench's database and smarthost,
 * judging DKIM through the bench's DNS zone (a JSON file: name → record type → answers; the in-process
 * resolver of test/helpers/dkim.ts cannot be handed to another process). Prints `ready` once its
 * workers run; stops on SIGTERM and prints its CPU time (`cpu <ms>`). With BENCH_WORKER_PROFILE=<dir> it
 * records a CPU profile of its whole life (node:inspector) and writes it there on SIGTERM, as
 * `worker-<pid>.cpuprofile`: the decisions alone (`--cpu-prof` is not allowed in NODE_OPTIONS).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { loadConfig } from '../src/config/config.js';
import { startJudge } from '../src/worker/run-judge.js';

const zone = JSON.parse(readFileSync(process.env.BENCH_ZONE_FILE!, 'utf8')) as Record<string, Record<string, unknown>>;
const resolver = async (name: string, rr: string): Promise<unknown> => {
  const hit = zone[name.toLowerCase()]?.[rr];
  if (hit === undefined) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return hit;
};
const profileDir = process.env.BENCH_WORKER_PROFILE;
const profiler = profileDir ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const loaded = loadConfig(process.env);
if (!loaded.ok) throw new Error(loaded.problems.join('; '));
const judge = await startJudge(loaded.config, { roles: ['worker'], concurrency: Number(process.env.BENCH_CONCURRENCY ?? 4), receive: { auth: { resolver } } });
console.log('ready');
process.once('SIGTERM', () => {
  void judge.stop().finally(async () => {
    if (profiler) writeFileSync(join(profileDir!, `worker-${process.pid}.cpuprofile`), JSON.stringify((await profiler.post('Profiler.stop')).profile));
    const cpu = process.cpuUsage();
    console.log(`cpu ${Math.round((cpu.user + cpu.system) / 1000)}`);
    process.exit(0);
  });
});
