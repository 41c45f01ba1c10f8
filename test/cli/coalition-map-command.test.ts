import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, runCli, runCliBad } from '../helpers/cli.js';
import { gridFixtureText } from '../coalition/picture/grid-pictures.js';

describe('mailjudge coalition map', () => {
  it('draws a world (map and armies, no orders) as SVG', () => {
    const r = runCli(['coalition', 'map', '--format', 'svg'], gridFixtureText('world.json'));
    expect(r.status, r.stdout.slice(0, 300)).toBe(0);
    expect(r.stdout).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="592"/);
    expect(r.stdout).toContain('<title>COALITION VS PHYREXIA</title>');
    expect(r.stdout.match(/data-square=/g)).toHaveLength(38 * 14);
    expect(r.stdout).not.toContain('data-move=');
  });

  it('carries out the orders as coalition move does with the same seed, and draws the moves and battles', () => {
    const input = gridFixtureText('turn-3.json');
    const moved = JSON.parse(runCli(['coalition', 'move', '--seed', 's1'], input).stdout) as { battles: { square: string }[] };
    const r = runCli(['coalition', 'map', '--format', 'svg', '--seed', 's1', '--title', 'Turn 3'], input);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('<title>TURN 3</title>');
    expect([...r.stdout.matchAll(/data-battle="([^"]+)"/g)].map((m) => m[1]).sort()).toEqual(moved.battles.map((b) => b.square).sort());
    expect(r.stdout).toContain('data-move="rejected"');
  });

  it('writes PNG by default, the same bytes each run', () => {
    const run = () => spawnSync(process.execPath, [CLI, 'coalition', 'map', '--seed', 's1'], { input: gridFixtureText('turn-3.json') });
    const a = run();
    expect(a.status, a.stderr.toString()).toBe(0);
    expect(a.stdout.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(run().stdout.equals(a.stdout)).toBe(true);
  });

  // prettier-ignore
  it.each([
    ['not JSON',          ['coalition', 'map'],                    '{',                                                                                   'invalid JSON'],
    ['an unknown format', ['coalition', 'map', '--format', 'gif'], '{"armies":[]}',                                                                       '--format: "gif" is not a format (svg or png)'],
    ['a bad square',      ['coalition', 'map'],                    '{"armies":[{"name":"A","team":"coalition","rank":"lieutenant","at":"40Z"}]}',         '40Z'],
    ['a bad terrain',     ['coalition', 'map'],                    '{"map":{"terrain":{"5E":"lava"}},"armies":[]}',                                        'map.terrain.5E: "lava" is not a terrain'],
  ])('exits 2 with {error, problems} on %s', (_what, args, input, message) => {
    const out = runCliBad(args, input);
    expect(out.error).toContain(message);
    expect(out.problems!.length).toBeGreaterThan(0);
  });
});
