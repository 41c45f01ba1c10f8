/**
 * Ending a command without cutting its own output (issue 20). `process.exit` right after
 * `process.stdout.write` loses whatever the pipe has not taken yet: `mailjudge outbox --json | wc -c`
 * printed 64 KiB of 232 KiB, because writes to a pipe complete asynchronously. Commands set
 * `process.exitCode` and let the process end; one that may still hold handles (a running judge
 * being stopped) ends with {@link exitAfterOutput}, which waits until stdout and stderr are written
 * out first.
 */

/** Resolves when everything written to `stream` so far has been handed to the operating system. */
export function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) return resolve();
    stream.write('', () => resolve());
  });
}

/** Set the exit code, wait until stdout and stderr are written out, then end the process. */
export async function exitAfterOutput(code: number): Promise<never> {
  process.exitCode = code;
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}
