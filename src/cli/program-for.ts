/**
 * The program main.ts parses (issue 29, docs/startup.md): when the first argument names a command,
 * only the register module that declares that command is loaded and run; anything else (no
 * command, an option such as --help, `help`, a name that is no command) gets the whole program of
 * program.ts, so the main help, `help <command>` and the "unknown command" suggestions list every
 * command. The command named is declared by the same register function either way, so its help,
 * options and action are the same: test/cli/program-for.test.ts compares the help of every command
 * and subcommand of both programs, and checks that this table names every top-level command of
 * program.ts.
 */
import type { Command } from 'commander';
import { emptyProgram } from './empty-program.js';

type Register = (program: Command) => void;

const engine = () => import('./engine-commands.js').then((m) => m.registerEngineCommands);
const db = () => import('./db-commands.js').then((m) => m.registerDbCommands);
const service = () => import('./service-commands.js').then((m) => m.registerServiceCommands);
const calendar = () => import('./calendar-commands.js').then((m) => m.registerCalendarCommands);
const operations = () => import('./operations-commands.js').then((m) => m.registerOperationsCommands);

/** Each top-level command: the register function that declares it (with its siblings of the same module). */
export const COMMAND_REGISTERS: Readonly<Record<string, () => Promise<Register>>> = {
  adjudicate: engine,
  replay: engine,
  'check-orders': engine,
  dice: engine,
  migrate: db,
  person: db,
  tournament: db,
  game: db,
  rollback: db,
  audit: db,
  reproduce: db,
  quarantine: db,
  'web-link': db,
  start: service,
  demo: service,
  outbox: service,
  ingest: () => import('./ingest-command.js').then((m) => m.registerIngestCommand),
  extend: calendar,
  deadline: calendar,
  process: calendar,
  absence: calendar,
  holiday: calendar,
  replace: calendar,
  'rollback-request': calendar,
  proposal: calendar,
  calendar,
  coalition: () => import('./coalition-commands.js').then((m) => m.registerCoalitionCommands),
  map: () => import('./engine-commands.js').then((m) => m.registerMapCommand),
  dkim: operations,
  doctor: operations,
  backup: operations,
  restore: operations,
};

/** The program for these arguments (`process.argv`: node, the script, then the command's). */
export async function programFor(argv: readonly string[]): Promise<Command> {
  const name = argv[2];
  const register = name !== undefined && Object.hasOwn(COMMAND_REGISTERS, name) ? COMMAND_REGISTERS[name] : undefined;
  if (register === undefined) return (await import('./program.js')).buildProgram();
  const program = emptyProgram();
  (await register())(program);
  return program;
}
