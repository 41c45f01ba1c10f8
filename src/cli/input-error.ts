/**
 * Bad input at the command line, with every problem found (exit code 2 with `{error, problems}`).
 * Its own module, without zod or the engine, so a command can name it without loading them
 * (docs/startup.md).
 */
export class InputError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}
