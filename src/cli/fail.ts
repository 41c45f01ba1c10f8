/** How the pure commands end on bad input: the problems as one JSON line on stdout, exit code 2. */

/** Thrown by {@link fail} to end the command once its error is printed; caught by main.ts. */
export class CommandFailed extends Error {}

export function reportProblems(problems: string[]): void {
  process.stdout.write(`${JSON.stringify({ error: problems[0], problems })}\n`);
  process.exitCode = 2;
}

/** Print the bad-input error as JSON and end the command with exit code 2 (its output whole: no process.exit). */
export function fail(problems: string[]): never {
  reportProblems(problems);
  throw new CommandFailed(problems[0]);
}
