/**
 * The Battle Judge's verdicts and weather lines as he writes them (by mail to the battle address, or
 * in a file for `mailjudge coalition verdict`). Pure; every problem names its line and the accepted form.
 *
 *     WEATHER 8F: fog until noon, then heavy rain         (4.1.2.5)
 *     VERDICT 8F                                          (one block per battle, by its square)
 *     strategy Sai Rei 6                                  (4.2.1: 0–10)
 *     size Gix 4                                          (4.2.2: 0–10)
 *     losses Sai Rei: 1200 Goblin Raiders, 300 Hill Giants (4.2.5: his secret formula's losses)
 *     kill Sai Rei -> Gix +2 -1 [keep]                    (4.3.3: modifiers of the two d20; keep = the risked survive a failure)
 *     capture Gix -> Sai Rei +0 +0                        (4.5)
 *     leaving Darkhand5 9F                                (4.4: the winner that leaves, and where to)
 */
import type { TransferTroops } from '../armies/check-army.js';
import { keyOf, parseSquare, type SquareKey } from '../world/square.js';
import type { AttemptVerdict, BattleVerdict } from './resolve-battle.js';
import { readRuling, type Ruling } from '../rulings.js';

export interface VerdictBlock {
  readonly square: SquareKey;
  readonly line: number;
  readonly strategy: Readonly<Record<string, number>>;
  readonly size: Readonly<Record<string, number>>;
  readonly losses: Readonly<Record<string, readonly TransferTroops[]>>;
  readonly kill?: AttemptVerdict;
  readonly capture?: AttemptVerdict;
  readonly leaving?: { readonly army: string; readonly to?: SquareKey };
}

export interface VerdictProblem {
  readonly line: number;
  /** The line of the VERDICT block the problem is in: that verdict is not taken. */
  readonly block?: number;
  readonly text: string;
  readonly message: string;
}

export interface JudgeText {
  readonly verdicts: readonly VerdictBlock[];
  readonly weather: readonly { readonly square: SquareKey; readonly text: string; readonly line: number }[];
  readonly rulings: readonly Ruling[];
  /** `DIGEST <square>`: the battle's digest now (before the deadline once every strategy is in, 4.1.1). */
  readonly digests: readonly { readonly square: SquareKey; readonly line: number }[];
  readonly problems: readonly VerdictProblem[];
}

/** The accepted forms, quoted in every problem. */
export const VERDICT_FORMS = {
  verdict: 'VERDICT <square>, e.g. "VERDICT 8F", then its lines',
  weather: 'WEATHER <square>: <text>, e.g. "WEATHER 8F: fog until noon"',
  digest: 'DIGEST <square>, e.g. "DIGEST 8F" (the battle\'s strategies now, once every one is in, 4.1.1)',
  strategy: 'strategy <army> <0-10>, e.g. "strategy Sai Rei 6" (4.2.1)',
  size: 'size <army> <0-10>, e.g. "size Gix 4" (4.2.2)',
  losses: 'losses <army>: <count> <creature>, ..., e.g. "losses Gix: 800 Plague Rats, 200 Sengir Vampires" (4.2.5)',
  kill: 'kill <army> -> <target> [+n] [+m] [keep], e.g. "kill Sai Rei -> Gix +2 -1" (4.3.3)',
  capture: 'capture <army> -> <target> [+n] [+m] [keep], e.g. "capture Gix -> Sai Rei" (4.5)',
  leaving: 'leaving <army> [<square>], e.g. "leaving Darkhand5 9F" (4.4)',
} as const;

function square(s: string): SquareKey | undefined {
  const p = parseSquare(s.trim());
  return p ? keyOf(p) : undefined;
}

interface Draft {
  square: SquareKey;
  line: number;
  strategy: Record<string, number>;
  size: Record<string, number>;
  losses: Record<string, TransferTroops[]>;
  kill?: AttemptVerdict;
  capture?: AttemptVerdict;
  leaving?: { army: string; to?: SquareKey };
}

/** Read the judge's text. Lines that are none of the forms, outside a VERDICT block, are left alone (a greeting, a signature). */
export function readJudgeText(text: string): JudgeText {
  const verdicts: Draft[] = [];
  const weather: { square: SquareKey; text: string; line: number }[] = [];
  const rulings: Ruling[] = [];
  const digests: { square: SquareKey; line: number }[] = [];
  const problems: VerdictProblem[] = [];
  let cur: Draft | undefined;
  const lines = text.split(/\r?\n/);
  const bad = (line: number, t: string, form: keyof typeof VERDICT_FORMS, why?: string) => problems.push({ line, text: t, message: `${why ? `${why}; ` : ''}the accepted form is ${VERDICT_FORMS[form]}`, ...(cur ? { block: cur.line } : {}) });
  let signed = false;
  lines.forEach((raw, i) => {
    const line = i + 1;
    const t = raw.trim();
    // A signature ("-- " line) ends the text; a quoted earlier message (">") is not read.
    if (signed || /^--\s*$|^-- /.test(raw)) { signed = true; return; }
    if (t === '' || t.startsWith('#') || t.startsWith('>')) return;
    let m: RegExpExecArray | null;
    const ruling = readRuling(t, line);
    if (ruling) {
      cur = undefined;
      if (ruling.ok) rulings.push(ruling.ruling);
      else problems.push({ line, text: t, message: ruling.message });
      return;
    }
    if ((m = /^digest\b\s*(.*)$/i.exec(t))) {
      cur = undefined;
      const sq = square(m[1]!);
      if (!sq) return bad(line, t, 'digest');
      digests.push({ square: sq, line });
      return;
    }
    if ((m = /^weather\b\s*(.*)$/i.exec(t))) {
      const w = /^(\S+?)\s*:\s*(.+)$/.exec(m[1]!);
      const sq = w ? square(w[1]!) : undefined;
      if (!w || !sq) return bad(line, t, 'weather');
      weather.push({ square: sq, text: w[2]!.trim(), line });
      return;
    }
    if ((m = /^verdict\b\s*(.*)$/i.exec(t))) {
      const sq = square(m[1]!.replace(/:$/, ''));
      if (!sq) { cur = undefined; return bad(line, t, 'verdict', `"${m[1]}" is not a square (number 1-38, letter A-N)`); }
      cur = { square: sq, line, strategy: {}, size: {}, losses: {} };
      verdicts.push(cur);
      return;
    }
    const word = /^(strategy|strat|size|losses|loss|kill|capture|leaving|leaves)\b\s*(.*)$/i.exec(t);
    if (!word) {
      if (cur) bad(line, t, 'verdict', 'not a verdict line (strategy, size, losses, kill, capture, leaving)');
      return;
    }
    const kind = word[1]!.toLowerCase();
    const rest = word[2]!.trim();
    const form = (kind === 'strat' ? 'strategy' : kind === 'loss' ? 'losses' : kind === 'leaves' ? 'leaving' : kind) as keyof typeof VERDICT_FORMS;
    if (!cur) return bad(line, t, 'verdict', `a ${form} line must come after the VERDICT line of its battle`);
    if (form === 'strategy' || form === 'size') {
      const b = /^(.+?)\s+\+?(\d+)$/.exec(rest);
      const n = b ? Number(b[2]) : NaN;
      if (!b || n > 10) return bad(line, t, form, b ? `${n} is more than 10` : undefined);
      cur[form][b[1]!.trim()] = n;
      return;
    }
    if (form === 'losses') {
      const l = /^(.+?)\s*:\s*(.+)$/.exec(rest);
      if (!l) return bad(line, t, 'losses');
      const items = l[2]!.split(',').map((x) => x.trim()).filter((x) => x !== '');
      const troops: TransferTroops[] = [];
      for (const it of items) {
        const c = /^(\d+)\s+(.+)$/.exec(it);
        if (!c) return bad(line, t, 'losses', `"${it}" is not a count and a creature`);
        troops.push({ creature: c[2]!.trim(), count: Number(c[1]) });
      }
      if (/^none$/i.test(l[2]!.trim())) troops.length = 0;
      cur.losses[l[1]!.trim()] = [...(cur.losses[l[1]!.trim()] ?? []), ...troops];
      return;
    }
    if (form === 'kill' || form === 'capture') {
      const a = /^(.+?)\s*->\s*(.+?)((?:\s+[+-]\d+){0,2})(\s+keep)?$/i.exec(rest);
      if (!a) return bad(line, t, form);
      const mods = a[3]!.trim() === '' ? [] : a[3]!.trim().split(/\s+/).map(Number);
      cur[form] = { by: a[1]!.trim(), target: a[2]!.trim(), ...(mods[0] !== undefined ? { bonus: mods[0] } : {}), ...(mods[1] !== undefined ? { targetBonus: mods[1] } : {}), ...(a[4] ? { keepRiskedOnFailure: true } : {}) };
      return;
    }
    const lv = /^(.+?)(?:\s+(\d{1,2}[A-Na-n]))?$/.exec(rest);
    if (!lv || lv[1]!.trim() === '') return bad(line, t, 'leaving');
    const to = lv[2] ? square(lv[2]) : undefined;
    cur.leaving = { army: lv[1]!.trim(), ...(to ? { to } : {}) };
  });
  return { verdicts, weather, rulings, digests, problems };
}

/**
 * A verdict checked against its battle's armies: every army named is in the battle, losses name its
 * creatures. Returns the {@link BattleVerdict} for resolveBattle, or the problems.
 */
export function checkVerdict(
  v: VerdictBlock, armies: readonly { name: string; troops?: readonly { creature: string }[] }[], stratless: readonly string[],
): { ok: true; verdict: BattleVerdict } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const byName = new Map(armies.map((a) => [a.name.trim().toLowerCase(), a]));
  const name = (n: string, what: string): string | undefined => {
    const a = byName.get(n.trim().toLowerCase());
    if (!a) problems.push(`${what}: "${n}" is not an army of the battle at ${v.square} (${armies.map((x) => x.name).join(', ')})`);
    return a?.name;
  };
  const rename = <T>(r: Readonly<Record<string, T>>, what: string): Record<string, T> => {
    const out: Record<string, T> = {};
    for (const [n, x] of Object.entries(r)) { const a = name(n, what); if (a) out[a] = x; }
    return out;
  };
  const strategy = rename(v.strategy, 'strategy');
  const size = rename(v.size, 'size');
  const losses = rename(v.losses, 'losses');
  for (const [n, ls] of Object.entries(losses)) {
    const a = byName.get(n.toLowerCase())!;
    for (const l of ls) {
      if (a.troops && !a.troops.some((t) => t.creature.toLowerCase() === l.creature.toLowerCase())) problems.push(`losses: ${n} has no "${l.creature}" (its creatures: ${a.troops.map((t) => t.creature).join(', ')})`);
    }
  }
  const attempt = (x: AttemptVerdict | undefined, what: string): AttemptVerdict | undefined => {
    if (!x) return undefined;
    const by = name(x.by, what);
    const target = name(x.target, what);
    return by && target ? { ...x, by, target } : undefined;
  };
  const kill = attempt(v.kill, 'kill');
  const capture = attempt(v.capture, 'capture');
  const leaving = v.leaving ? name(v.leaving.army, 'leaving') : undefined;
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    verdict: {
      strategy, size, losses, stratless: [...stratless],
      ...(kill ? { kill } : {}), ...(capture ? { capture } : {}),
      ...(leaving ? { leaving: { army: leaving, ...(v.leaving!.to ? { to: v.leaving!.to } : {}) } } : {}),
    },
  };
}
