import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, runCli, runCliBad } from '../helpers/cli.js';
import { adjudicatedText, fixtureText } from '../diplomacy/picture/pictures.js';

describe('mailjudge map', () => {
  it('draws adjudicate\'s output as SVG: the results as arrows, the dislodged unit, the standoff', () => {
    const r = runCli(['map', '--format', 'svg'], adjudicatedText('fall-1901-orders.json'));
    expect(r.status, r.stdout.slice(0, 300)).toBe(0);
    expect(r.stdout.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="1000"')).toBe(true);
    expect(r.stdout).toContain('<title>FALL 1901 MOVEMENT - RESULTS</title>');
    expect(r.stdout).toContain('stroke-dasharray="4 3"'); // the dislodged unit's broken ring
    expect(r.stdout).toContain('fill="#fff36b"'); // a standoff star
  });

  it('draws adjudicate\'s input (a position with orders, drawn as given)', () => {
    const r = runCli(['map', '--format', 'svg'], fixtureText('convoy-spring-1902.json'));
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('<title>SPRING 1902 MOVEMENT - ORDERS</title>');
    // Nothing has failed yet: no failed line on the map (the legend below it shows the style).
    const map = r.stdout.slice(0, r.stdout.indexOf('<g class="legend">'));
    expect(map.length).toBeGreaterThan(1000);
    expect(map).not.toContain('stroke-dasharray="7 5"');
  });

  it('writes PNG by default, the same bytes each run', () => {
    const run = () => spawnSync(process.execPath, [CLI, 'map'], { input: adjudicatedText('builds-winter-1901.json') });
    const a = run();
    expect(a.status, a.stderr.toString()).toBe(0);
    expect(a.stdout.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(run().stdout.equals(a.stdout)).toBe(true);
  });

  // prettier-ignore
  it.each([
    ['not JSON',            ['map'],                    '{',                                                  'invalid JSON'],
    ['an unknown format',   ['map', '--format', 'gif'], fixtureText('bounce-spring-1901.json'),               '--format: "gif" is not a format (svg or png)'],
    ['an unknown province', ['map'],                    '{"phase":"S1901M","units":{"FRANCE":["A XYZ"]}}',   'units.FRANCE[0]: unknown province "XYZ"'],
    ['a bad outcome',       ['map'],                    '{"phase":"S1901M","next":"F1901M","results":[{"power":"FRANCE","order":"A PAR H","outcome":"won"}],"units":{}}', 'results.0.outcome'],
    ['a bad phase',         ['map'],                    '{"phase":"X1901M","units":{}}',                      'phase: "X1901M" is not a phase name'],
  ])('exits 2 with {error, problems} on %s', (_what, args, input, message) => {
    const out = runCliBad(args, input);
    expect(out.error).toContain(message);
    expect(out.problems!.length).toBeGreaterThan(0);
  });
});
