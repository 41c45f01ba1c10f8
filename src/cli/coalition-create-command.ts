/**
 * `mailjudge coalition create --file round.json`: a Coalition round from the judges' file (the map,
 * the armies, the players of both teams, the judges, the three addresses and the first lock).
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { CommonOptions } from './db-command-shell.js';

/** The judge's clock, loaded when a command runs (`--help` loads no more than the declarations). */
const judgeNow = async (): Promise<Date> => (await import('../config/clock.js')).judgeNow();

export function registerCoalitionCreate(coalition: Command): void {
  coalition
    .command('create')
    .description('create a Coalition round from the judges\' file and mail everyone the start (the addresses, the first lock, the dice commitment)')
    .requiredOption('--file <round.json>', 'the round: {id, address, pmAddress, battleAddress, movementJudge, battleJudge, mercenaryJudge?, map, armies, players, lock, turnHours?}')
    .option('--config <file>', 'JSON config file (default: MAILJUDGE_CONFIG, else none)')
    .option('--json', 'print JSON for scripts instead of text')
    .action(async (opts: CommonOptions & { file: string }) => {
      const { execute } = await import('./db-command-shell.js');
      const { runCoalitionCreate } = await import('../service/coalition/create-game.js');
      const { migrateQueue } = await import('../worker/queue.js');
      const { RoundFile } = await import('./commands/coalition-round-file.js');
      await execute('coalition create', opts, () => {
        let json: unknown;
        try {
          json = JSON.parse(readFileSync(opts.file, 'utf8'));
        } catch (e) {
          return { ok: false, problems: [`--file ${opts.file}: ${(e as Error).message}`] };
        }
        const r = RoundFile.safeParse(json);
        if (!r.success) return { ok: false, problems: r.error.issues.map((i) => `${opts.file}: ${i.path.join('.') || '(file)'}: ${i.message}`) };
        return { ok: true, value: r.data };
      }, async (db, v, _applied, ctx) => {
        await migrateQueue(ctx.url);
        return runCoalitionCreate(db, { ...v, world: { map: v.map, armies: v.armies }, lock: new Date(v.lock) }, ctx.actor, await judgeNow(), ctx.fromAddress);
      });
    });
}

/** `mailjudge coalition verdict --game G --file F`: the Battle Judge's weather and verdicts, as by mail. */
export function registerCoalitionVerdict(coalition: Command): void {
  coalition
    .command('verdict')
    .description('enter the Battle Judge\'s WEATHER lines and VERDICT blocks (the same text as by mail to the battle address)')
    .requiredOption('--game <id>', 'the Coalition game')
    .requiredOption('--file <verdict.txt>', 'the text: "WEATHER 5D: fog" lines and "VERDICT 5D" blocks; "-" reads stdin')
    .option('--config <file>', 'JSON config file (default: MAILJUDGE_CONFIG, else none)')
    .option('--json', 'print JSON for scripts instead of text')
    .action(async (opts: CommonOptions & { game: string; file: string }) => {
      const { execute } = await import('./db-command-shell.js');
      const { runCoalitionJudgeText } = await import('../service/coalition/judge-command.js');
      await execute('coalition verdict', opts, () => {
        try {
          return { ok: true, value: readFileSync(opts.file === '-' ? 0 : opts.file, 'utf8') };
        } catch (e) {
          return { ok: false, problems: [`--file ${opts.file}: ${(e as Error).message}`] };
        }
      }, async (db, text, _applied, ctx) => runCoalitionJudgeText(db, opts.game, text, ctx.actor, await judgeNow(), ctx.fromAddress));
    });
}

/** `mailjudge coalition ruling --game G "RULING <army>: <changes> BECAUSE <reason>"`: a judge's ruling, audited and announced. */
export function registerCoalitionRuling(coalition: Command): void {
  coalition
    .command('ruling')
    .description('a judge\'s ruling that moves or changes an army, with its reason: audited and mailed to everyone (1.3, 3.3.3)')
    .requiredOption('--game <id>', 'the Coalition game')
    .argument('<ruling...>', '"RULING Sai Rei: at 12F; days 0 BECAUSE the post was misread" (changes: at <square>, days <n>, alive <creature> <n>, remove)')
    .option('--config <file>', 'JSON config file (default: MAILJUDGE_CONFIG, else none)')
    .option('--json', 'print JSON for scripts instead of text')
    .action(async (words: string[], opts: CommonOptions & { game: string }) => {
      const { execute } = await import('./db-command-shell.js');
      const { runCoalitionJudgeText } = await import('../service/coalition/judge-command.js');
      const text = words.join(' ');
      await execute('coalition ruling', opts, () => (/^\s*ruling\b/i.test(text) ? { ok: true, value: text } : { ok: true, value: `RULING ${text}` }),
        async (db, value, _applied, ctx) => runCoalitionJudgeText(db, opts.game, value, ctx.actor, await judgeNow(), ctx.fromAddress, 'coalition-ruling'));
    });
}

/** `mailjudge coalition place --game G --at 24G <raider...>`: where a spawned Raider appears (6.3.2), as the Mercenary Judge's PLACE line. */
export function registerCoalitionPlace(coalition: Command): void {
  coalition
    .command('place')
    .description('place a Raider spawned at the movement update (6.3.2): an empty square not on or next to a base, portal or town (6.3.1); everyone is told')
    .requiredOption('--game <id>', 'the Coalition game')
    .requiredOption('--at <square>', 'the square, as 24G')
    .argument('<raider...>', 'the spawned Raider\'s name, as the update gave it ("Raider T3")')
    .option('--config <file>', 'JSON config file (default: MAILJUDGE_CONFIG, else none)')
    .option('--json', 'print JSON for scripts instead of text')
    .action(async (words: string[], opts: CommonOptions & { game: string; at: string }) => {
      const { execute } = await import('./db-command-shell.js');
      const { runCoalitionPlace } = await import('../service/coalition/place-raider.js');
      await execute('coalition place', opts, () => ({ ok: true, value: words.join(' ') }),
        async (db, army, _applied, ctx) => runCoalitionPlace(db, opts.game, army, opts.at, ctx.actor, await judgeNow(), ctx.fromAddress));
    });
}
