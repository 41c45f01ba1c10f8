/**
 * Wait for a condition of a running system (a judge process, a worker): `probe` is called every
 * `intervalMs` until it returns something other than `undefined`, which is returned. Past `ms` the
 * error names what was awaited, with `diagnose()`'s account of the system when given.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  o: { ms?: number; intervalMs?: number; diagnose?: () => Promise<string> } = {},
): Promise<T> {
  const end = Date.now() + (o.ms ?? 30_000);
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${o.diagnose ? `\n${await o.diagnose()}` : ''}`);
    await new Promise((r) => setTimeout(r, o.intervalMs ?? 25));
  }
}
