import { describe, expect, it } from 'vitest';
import { runCli, runCliBad } from '../helpers/cli.js';

describe('mailjudge dice roll|verify (DESIGN.md "Verifiable dice")', () => {
  it('rolls, then verifies from the revealed seed; a forged roll exits 1', () => {
    const r = runCli(['dice', 'roll', '2d6+3', '--seed', 'secret', '--nonce', '7'], '');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { notation: string; nonce: string; dice: number[]; total: number; commitment: string };
    expect(out.notation).toBe('2d6+3');
    expect(out.total).toBe(out.dice[0]! + out.dice[1]! + 3);
    expect(out.commitment).toMatch(/^[0-9a-f]{64}$/);
    const ok = runCli(['dice', 'verify'], JSON.stringify({ seed: 'secret', commitment: out.commitment, rolls: [{ notation: '2d6+3', nonce: 7, dice: out.dice, total: out.total }] }));
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).ok).toBe(true);
    const forged = runCli(['dice', 'verify'], JSON.stringify({ seed: 'secret', rolls: [{ notation: '2d6+3', nonce: '7', total: out.total === 15 ? 14 : 15 }] }));
    expect(forged.status).toBe(1);
    expect(JSON.parse(forged.stdout).rolls[0].expected.total).toBe(out.total);
  });
  it('bad input exits 2 with every problem', () => {
    const e = runCliBad(['dice', 'roll', '2x6'], '');
    expect(e.problems!.join('\n')).toMatch(/not dice notation/);
    expect(e.problems!.join('\n')).toMatch(/--seed/);
    expect(e.problems!.join('\n')).toMatch(/--nonce/);
    expect(runCliBad(['dice', 'verify'], '{"seed": "s", "rolls": [{"notation": "d0", "nonce": 1}]}').problems![0]).toMatch(/rolls\[0\]\.notation/);
  });
});
