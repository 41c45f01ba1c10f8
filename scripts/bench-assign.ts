/**
 * `npm run bench:assign`: board assignment (seed 004, B.6) for generated tournaments of 42, 100 and
 * 147 teams, each round seated by `assignBoards` with the history of the rounds before it: one line
 * per tournament with each round's boards, time on this core and the B.6 rules broken.
 */
import { generateTournament } from '../test/helpers/assign-instances.js';

/** CPU time of this process (user + system), ms: the machine may be shared, so wall time is shown apart. */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const wall = () => Number(process.hrtime.bigint()) / 1e6;

function counts(broken: readonly { rule: string }[]): string {
  if (broken.length === 0) return 'none broken';
  const by = new Map<string, number>();
  for (const b of broken) by.set(b.rule, (by.get(b.rule) ?? 0) + 1);
  return [...by].sort().map(([r, n]) => `${n}×${r}`).join(' ');
}

generateTournament(7, 'warm-up', cpu); // JIT warm-up, not reported
for (const teams of [42, 100, 147]) {
  const t0 = wall();
  const rounds = generateTournament(teams, `bench-${teams}`, cpu);
  const total = wall() - t0;
  const parts = rounds.map((r) => `r${r.input.round} ${r.output.boards.length} boards ${r.ms.toFixed(0)} ms cpu ${r.moves} moves ${counts(r.output.broken)}`);
  console.log(`${teams} teams (${teams * 7} players): ${parts.join('; ')}; whole tournament ${total.toFixed(0)} ms wall`);
}
console.log(`peak RSS: ${(process.memoryUsage().rss / 1048576).toFixed(1)} MB`);
