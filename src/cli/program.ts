/**
 * The `mailjudge` command line as a commander program: every command and subcommand, built without
 * running anything (main.ts parses the arguments; test/docs walks `program.commands` to check that
 * docs/reference.md has an entry for each). The adjudication commands follow the JSON contract of
 * DESIGN.md: exit 0 on success, exit 2 with a JSON error on bad input.
 *
 * Start-up (issue 29, docs/startup.md): this module and the register* modules declare only the
 * commands' names, options and help; each action imports the code it needs when it runs. Keep heavy
 * imports (the engine, zod, the database, mail parsing) out of the register* modules:
 * test/cli/startup-imports.test.ts checks which modules `--help` and `dice roll` load. main.ts builds
 * this whole program only when the arguments name no command: otherwise it loads the one register
 * module that declares the command (program-for.ts); a new command goes in its table too.
 */
import type { Command } from 'commander';
import { registerEngineCommands, registerMapCommand } from './engine-commands.js';
import { registerDbCommands } from './db-commands.js';
import { registerServiceCommands } from './service-commands.js';
import { registerIngestCommand } from './ingest-command.js';
import { registerCalendarCommands } from './calendar-commands.js';
import { registerCoalitionCommands } from './coalition-commands.js';
import { registerOperationsCommands } from './operations-commands.js';
import { emptyProgram } from './empty-program.js';

export { CommandFailed, reportProblems } from './fail.js';

/** The whole `mailjudge` program, every command registered; nothing is run until it is parsed. */
export function buildProgram(): Command {
  const program = emptyProgram();
  registerEngineCommands(program);
  registerDbCommands(program);
  registerServiceCommands(program);
  registerIngestCommand(program);
  registerCalendarCommands(program);
  registerCoalitionCommands(program);
  registerMapCommand(program);
  registerOperationsCommands(program);
  return program;
}
