/**
 * A progress bar for long CLI work (a replay of many phases), drawn with cli-progress on standard
 * error when standard error is a terminal, and nothing at all otherwise: standard output carries the
 * commands' JSON contracts and never gets a bar, and a pipe or a log file gets no escape codes.
 */
import cliProgress from 'cli-progress';

/** A running bar: `tick()` after each item, `stop()` once (it clears the bar). */
export interface Progress {
  tick(): void;
  stop(): void;
}

const SILENT: Progress = { tick() {}, stop() {} };

/** The stream the bar is drawn on; a parameter only so tests can give a terminal of their own. */
export type ProgressStream = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * Start a bar of `total` items named `label` on `stream` (standard error), or a silent one when
 * the stream is not a terminal or there is nothing to count.
 */
export function progress(total: number, label: string, stream: ProgressStream = process.stderr): Progress {
  if (stream.isTTY !== true || total <= 0) return SILENT;
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {value}/{total} {percentage}%`, stream, clearOnComplete: true, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  let stopped = false;
  return {
    tick: () => bar.increment(),
    stop: () => {
      if (stopped) return;
      stopped = true;
      bar.stop();
    },
  };
}
