/**
 * src/cli/progress.ts: a bar on standard error only when it is a terminal, nothing otherwise, and
 * `mailjudge replay` keeping standard error empty (and standard output pure JSON) off a terminal.
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { progress, type ProgressStream } from '../../src/cli/progress.js';
import { runCli } from '../helpers/cli.js';

function fakeStream(isTTY: boolean): { stream: ProgressStream; written: () => string } {
  const s = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number };
  s.isTTY = isTTY;
  s.columns = 80;
  const chunks: Buffer[] = [];
  s.on('data', (c: Buffer) => chunks.push(c));
  return { stream: s, written: () => Buffer.concat(chunks).toString('utf8') };
}

describe('progress', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is silent when standard error is not a terminal (the default stream, as under vitest)', () => {
    expect(process.stderr.isTTY).not.toBe(true);
    const err = vi.spyOn(process.stderr, 'write');
    const out = vi.spyOn(process.stdout, 'write');
    const bar = progress(50, 'replay');
    for (let i = 0; i < 50; i++) bar.tick();
    bar.stop();
    expect(err).not.toHaveBeenCalled();
    expect(out).not.toHaveBeenCalled();
  });

  it('writes nothing to a stream that is not a terminal', async () => {
    const { stream, written } = fakeStream(false);
    const bar = progress(3, 'replay', stream);
    bar.tick();
    bar.stop();
    await new Promise((r) => setImmediate(r));
    expect(written()).toBe('');
  });

  it('draws on a terminal stream, never on standard output, and stops cleanly (twice is harmless)', async () => {
    const { stream, written } = fakeStream(true);
    const out = vi.spyOn(process.stdout, 'write');
    const bar = progress(4, 'replay', stream);
    for (let i = 0; i < 4; i++) bar.tick();
    bar.stop();
    bar.stop();
    await new Promise((r) => setImmediate(r));
    expect(written()).toContain('replay [');
    expect(written()).toContain('4/4');
    expect(out).not.toHaveBeenCalled();
  });

  it('is silent on a terminal when there is nothing to count', async () => {
    const { stream, written } = fakeStream(true);
    const bar = progress(0, 'replay', stream);
    bar.tick();
    bar.stop();
    await new Promise((r) => setImmediate(r));
    expect(written()).toBe('');
  });
});

describe('mailjudge replay off a terminal', () => {
  it('writes no progress to stderr and only JSON lines to stdout', () => {
    const phases = [];
    for (let year = 1901; year <= 1930; year++) phases.push({ phase: `S${year}M`, orders: {} }, { phase: `F${year}M`, orders: {} });
    const r = runCli(['replay'], JSON.stringify({ phases }));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(60);
    for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
  });
});
