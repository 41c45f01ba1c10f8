/**
 * `node --import <this file> …` with MODULE_TRACE_OUT=<file>: appends the URL of every ES module the
 * process loads to that file, one a line, in load order (test/cli/startup-imports.test.ts). A
 * CommonJS package shows as its entry module only. Plain JavaScript: node loads it as is.
 */
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

// On the main thread: register this same file as the loader hooks (they run on their own thread).
if (isMainThread && process.env.MODULE_TRACE_OUT) register(import.meta.url);

export async function load(url, context, next) {
  if (process.env.MODULE_TRACE_OUT && url.startsWith('file:')) appendFileSync(process.env.MODULE_TRACE_OUT, `${url}\n`);
  return next(url, context);
}
