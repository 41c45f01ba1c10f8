#!/usr/bin/env node
/**
 * The `mailjudge` command line. Subcommands are added as the service grows; the adjudication
 * commands follow the JSON contract of DESIGN.md: exit 0 on success, exit 2 with a JSON error on
 * bad input.
 *
 * Start-up (issue 29, docs/startup.md): this module and the register* modules declare only the
 * commands' names, options and help; each action imports the code it needs when it runs. Keep heavy
 * imports (the engine, zod, the database, mail parsing) out of the register* modules:
 * test/cli/startup-imports.test.ts checks which modules `--help` and `dice roll` load.
 */
import { Command, CommanderError } from 'commander';
import { CommandFailed, reportProblems } from './fail.js';
import { registerEngineCommands, registerMapCommand } from './engine-commands.js';
import { registerDbCommands } from './db-commands.js';
import { registerServiceCommands } from './service-commands.js';
import { registerIngestCommand } from './ingest-command.js';
import { registerCalendarCommands } from './calendar-commands.js';
import { registerCoalitionCommands } from './coalition-commands.js';
import { registerOperationsCommands } from './operations-commands.js';

const program = new Command()
  .name('mailjudge')
  .description('mailjudge: an email play-by-mail judge for Diplomacy tournaments')
  .exitOverride();

registerEngineCommands(program);
registerDbCommands(program);
registerServiceCommands(program);
registerIngestCommand(program);
registerCalendarCommands(program);
registerCoalitionCommands(program);
registerMapCommand(program);
registerOperationsCommands(program);

// No command calls process.exit after writing: the exit code is set and the process ends when its
// output is written out, so a pipe reader gets all of it (src/cli/exit.ts).
try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    if (e.exitCode === 0) process.exitCode = 0; // --help, --version: printed already
    else reportProblems([e.message.replace(/^error: /, '')]);
  } else if (!(e instanceof CommandFailed)) throw e;
}
