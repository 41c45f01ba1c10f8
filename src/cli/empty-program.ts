/**
 * The root of the `mailjudge` program and commander itself, shared by program.ts (every command) and
 * program-for.ts (the command the arguments name), so neither imports the other.
 */
import type { Command } from 'commander';
import { createRequire } from 'node:module';

/**
 * commander, required rather than imported: it is CommonJS, and importing it goes through its ES
 * wrapper and Node's scan of its exports, ~40 % more instructions than the require (docs/startup.md).
 */
export const commander = createRequire(import.meta.url)('commander') as typeof import('commander');

/** The root of the `mailjudge` program, with no command yet (program.ts adds them all). */
export function emptyProgram(): Command {
  return new commander.Command()
    .name('mailjudge')
    .description('mailjudge: an email play-by-mail judge for Diplomacy tournaments')
    .exitOverride();
}
