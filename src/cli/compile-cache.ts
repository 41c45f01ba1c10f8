/**
 * Node's on-disk compile cache (Node 22.1 and later; the project's pinned runtime is Node 24, see
 * docs/startup.md): every module a command loads after this one is compiled once, and the next
 * process that loads the same file reuses its bytecode. A command started by Postfix for each
 * message (`mailjudge ingest`) loads the same modules every time. The cache is Node's own (under the
 * system's temporary directory, or NODE_COMPILE_CACHE); a changed file is compiled again, a cache
 * that cannot be written is skipped, and NODE_DISABLE_COMPILE_CACHE=1 turns it off. On Node 20 there
 * is no such cache and nothing happens.
 *
 * Imported first by main.ts, before the command's modules are loaded. On Node 24 every module of a
 * run is cached, main.ts's own imports included: with NODE_DEBUG_NATIVE=COMPILE_CACHE, Node reports
 * each one "accepted" on the second run (test/build/runtime.test.ts).
 */
import nodeModule from 'node:module';

(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
