/**
 * `node --import <this file> …` with MODULE_TRACE_OUT=<file>: appends the URL of every module the
 * process loads to that file, one a line, in load order (test/cli/startup-imports.test.ts): every ES
 * module (the loader hook below) and every CommonJS file, imported or required (Module's load), and
 * `node:undici` when Node's fetch was loaded.
 * Plain JavaScript: node loads it as is.
 */
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';

// On the main thread: register this same file as the loader hooks (they run on their own thread),
// and trace CommonJS files, which `require` loads without the hooks.
if (isMainThread && process.env.MODULE_TRACE_OUT) {
  register(import.meta.url);
  const load = Module.prototype.load;
  Module.prototype.load = function (filename) {
    appendFileSync(process.env.MODULE_TRACE_OUT, `${pathToFileURL(filename).href}\n`);
    return load.call(this, filename);
  };
  // Node's own fetch (undici) loads on first use of fetch, Response and the like: `node:undici` if it did.
  process.on('exit', () => {
    if (process.moduleLoadList.some((m) => m.includes('internal/deps/undici/'))) appendFileSync(process.env.MODULE_TRACE_OUT, 'node:undici\n');
  });
}

export async function load(url, context, next) {
  if (process.env.MODULE_TRACE_OUT && url.startsWith('file:')) appendFileSync(process.env.MODULE_TRACE_OUT, `${url}\n`);
  return next(url, context);
}
