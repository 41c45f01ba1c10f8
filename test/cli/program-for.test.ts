/**
 * Issue 29: main.ts parses the program of src/cli/program-for.ts, which for a command named in the
 * arguments declares only that command's register module. Every command, as that program declares
 * it, must be the command of the whole program (src/cli/program.ts): the same help, the same
 * options and arguments, at every level of subcommands; and the table must name every top-level
 * command, so no command is left to the whole program by mistake.
 */
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { COMMAND_REGISTERS, programFor } from '../../src/cli/program-for.js';

/** Every command below `c`, with its help and what it declares, by its path (`game create`). */
function surface(c: Command, path: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {
    [path.join(' ')]: {
      help: c.helpInformation(),
      options: c.options.map((o) => ({ flags: o.flags, default: o.defaultValue as unknown, mandatory: o.mandatory })),
      args: c.registeredArguments.map((a) => ({ name: a.name(), required: a.required, variadic: a.variadic })),
      aliases: c.aliases(),
    },
  };
  for (const sub of c.commands) Object.assign(out, surface(sub, [...path, sub.name()]));
  return out;
}

const whole = buildProgram();
const argv = (...args: string[]) => ['node', 'main.js', ...args];

describe('the program main.ts parses (issue 29, docs/startup.md)', () => {
  it('names every top-level command of the whole program, and nothing else', () => {
    expect(Object.keys(COMMAND_REGISTERS).sort()).toEqual(whole.commands.map((c) => c.name()).sort());
    expect(whole.commands.flatMap((c) => c.aliases())).toEqual([]);
  });

  it.each(whole.commands.map((c) => c.name()))('declares %s as the whole program does, at every level', async (name) => {
    const program = await programFor(argv(name, '--help'));
    const command = program.commands.find((c) => c.name() === name);
    expect(command).toBeDefined();
    expect(surface(command!, [name])).toEqual(surface(whole.commands.find((c) => c.name() === name)!, [name]));
    // The root is the whole program's root, less the other commands.
    expect(program.name()).toBe(whole.name());
    expect(program.description()).toBe(whole.description());
    expect(program.options).toEqual(whole.options);
    // Only the one register module's commands, not the whole program's.
    expect(program.commands.length).toBeLessThan(whole.commands.length);
  });

  it.each([[[]], [['--help']], [['help', 'check-orders']], [['no-such-command']], [['toString']], [['-h', 'ingest']]])('gives the whole program for %j', async (args) => {
    const program = await programFor(argv(...args));
    expect(program.helpInformation()).toBe(whole.helpInformation());
    expect(program.commands.map((c) => c.name())).toEqual(whole.commands.map((c) => c.name()));
  });
});
