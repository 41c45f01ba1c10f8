#!/usr/bin/env node
/**
 * The `mailjudge` command line: the program of program.ts, parsed. Commands are registered in
 * program.ts (buildProgram), never here; when the arguments name a command, only its register module
 * is loaded (program-for.ts, docs/startup.md).
 */
import './compile-cache.js';
import { CommandFailed, reportProblems } from './fail.js';
import { commander } from './empty-program.js';
import { programFor } from './program-for.js';

const program = await programFor(process.argv);

// No command calls process.exit after writing: the exit code is set and the process ends when its
// output is written out, so a pipe reader gets all of it (src/cli/exit.ts).
try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof commander.CommanderError) {
    if (e.exitCode === 0) process.exitCode = 0; // --help, --version: printed already
    else reportProblems([e.message.replace(/^error: /, '')]);
  } else if (!(e instanceof CommandFailed)) throw e;
}
