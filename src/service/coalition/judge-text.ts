/**
 * What the Battle Judge enters, by mail to the battle address or by `mailjudge coalition verdict`:
 * weather lines (4.1.2.5), published to everyone at once, and verdicts (4.2.1, 4.2.2, 4.2.5, 4.3.3,
 * 4.4, 4.5), stored and rolled at the next movement lock (3.1). A verdict is taken after the battle
 * deadline, or earlier once every army's strategy is in (4.1.1: "any time after both strats are
 * recieved"); it replaces an earlier verdict for the same battle until the battle is rolled.
 */
import { appendAudit } from '../../db/audit-log.js';
import type { Game } from '../../db/games.js';
import { findOpenBattles, findStrategies, setBattleVerdict, setBattleWeather, setCoalitionArmies } from '../../db/coalition-battles.js';
import { findCoalitionPlayers, type CoalitionSetup } from '../../db/coalition.js';
import type { Trx } from '../../db/schema.js';
import type { Person } from '../../db/people.js';
import { RULING_FORM, applyRuling, automaticStrategyArmies, checkVerdict, countingStrategy, readJudgeText, strategyOnTime, type Army } from '../../coalition/index.js';
import { gmtSeconds } from '../../mail/inbound/intake.js';
import { sendNotice } from '../notify.js';
import { sendDigest } from './battle-deadline.js';
import { coalitionPeople, everyone } from './game-people.js';
import { lockText } from './movement-mail.js';
import { deadlineText } from './turn-times.js';

export interface JudgeTextResult {
  /** What was done, one line each. */
  readonly notes: string[];
  /** Lines not taken, each naming its line and the accepted form. */
  readonly problems: string[];
}

export async function enterJudgeText(trx: Trx, fromAddress: string, s: { game: Game; setup: CoalitionSetup; text: string; at: Date; actor: string; judge?: { role: 'battle' | 'movement'; name: string } }): Promise<JudgeTextResult> {
  const { game, setup, at } = s;
  const judge = s.judge ?? { role: 'battle' as const, name: 'the Battle Judge' };
  const full = readJudgeText(s.text);
  const notes: string[] = [];
  const problems = full.problems.map((p) => `line ${p.line} "${p.text}": ${p.message}`);
  // 1.3, 3.3.3: the Movement Judge makes rulings; weather and verdicts are the Battle Judge's (4.1.2.5, 4.2).
  if (judge.role === 'movement') {
    for (const x of [...full.weather.map((w) => w.line), ...full.verdicts.map((v) => v.line), ...full.digests.map((d) => d.line)]) problems.push(`line ${x}: weather, digests and verdicts are the Battle Judge's (4.1.2.5, 4.2); not taken`);
  }
  const read = judge.role === 'movement' ? { ...full, weather: [], verdicts: [], digests: [] } : full;
  const open = await findOpenBattles(trx, game.id);
  const battleAt = (sq: string) => open.filter((b) => b.square === sq).at(-1);
  const players = await findCoalitionPlayers(trx, game.id);
  const people = await coalitionPeople(trx, game, setup, players);

  /** Battles whose digest this message has sent already (an updated one, with the weather). */
  const digestSent = new Set<number>();
  for (const w of read.weather) {
    const b = battleAt(w.square);
    if (!b) { problems.push(`line ${w.line} "WEATHER ${w.square}": no battle waiting to be fought at ${w.square} (open: ${open.map((x) => x.square).join(', ') || 'none'})`); continue; }
    await setBattleWeather(trx, b.id, w.text);
    await appendAudit(trx, { gameId: game.id, actor: s.actor, action: 'coalition.weather', detail: { battle: b.id, square: b.square, weather: w.text } });
    // 4.1.2.5: "the weather conditions will be posted alongside the battle".
    await sendNotice(trx, fromAddress, {
      game, template: 'coalition-weather', key: `weather:${game.id}:${b.id}:${at.getTime()}`,
      context: (zone) => ({ announcement: b.announcement, weather: w.text, deadline: { ...lockText(b.deadline, zone), rule: `strategies stamped up to ${deadlineText(b.deadline)} count; from the next minute on they are refused (3.1, 4.1.1)` } }),
    }, everyone(people));
    notes.push(`line ${w.line}: weather of the battle at ${b.square} set to "${w.text}" and sent to everyone (4.1.2.5)${b.digestSentAt ? '; an updated digest is on its way to you' : ''}`);
    if (b.digestSentAt) {
      await sendUpdatedDigest(trx, fromAddress, { game, setup, battleId: b.id, battleJudge: people.battleJudge, now: at, why: `the weather was entered after the digest: "${w.text}" (4.1.2.5)` });
      digestSent.add(b.id);
    }
  }

  for (const v of read.verdicts) {
    if (read.problems.some((p) => p.block === v.line)) { problems.push(`VERDICT ${v.square} (line ${v.line}) is not recorded: correct the line(s) named above and send the whole verdict again`); continue; }
    const b = battleAt(v.square);
    if (!b) { problems.push(`line ${v.line} "VERDICT ${v.square}": no battle waiting for a verdict at ${v.square} (open: ${open.map((x) => x.square).join(', ') || 'none'})`); continue; }
    const strategies = await findStrategies(trx, b.id);
    const missing = b.armies.filter((a) => !countingStrategy(strategies, a));
    const due = !strategyOnTime(at, b.deadline);
    if (!due && missing.length > 0) {
      problems.push(`line ${v.line} "VERDICT ${v.square}": the deadline (${gmtSeconds(b.deadline)}) has not passed and ${missing.join(' and ')} ${missing.length > 1 ? 'have' : 'has'} no strategy yet: a verdict may come before the deadline only once every strategy is in (4.1.1)`);
      continue;
    }
    const armies = (setup.world.armies as unknown as Army[]).filter((a) => b.armies.includes(a.name));
    const checked = checkVerdict(v, armies, due ? missing : []);
    if (!checked.ok) { problems.push(...checked.problems.map((p) => `VERDICT ${v.square} (line ${v.line}): ${p}`)); continue; }
    await setBattleVerdict(trx, b.id, checked.verdict, s.text, at);
    await appendAudit(trx, { gameId: game.id, actor: s.actor, action: 'coalition.verdict', detail: { battle: b.id, square: b.square, verdict: checked.verdict } });
    const stratless = checked.verdict.stratless ?? [];
    if (b.digestSentAt) await sendUpdatedDigest(trx, fromAddress, { game, setup, battleId: b.id, battleJudge: people.battleJudge, now: at, why: `your verdict of ${gmtSeconds(at)} was recorded after the digest` });
    notes.push(`line ${v.line}: verdict for the battle at ${b.square} recorded${b.verdict ? ' (it replaces your earlier one)' : ''}: ${describe(checked.verdict, armies)}${stratlessText(stratless, armies)}. It is rolled at the movement lock of turn ${setup.turn}, ${gmtSeconds(setup.lockAt)} (3.1), and the results go to everyone then.`);
  }
  // The battles as they stand now: a digest asked for in the same mail as the weather or a verdict shows them.
  const openNow = read.digests.length > 0 ? await findOpenBattles(trx, game.id) : open;
  for (const d of read.digests) {
    const b = openNow.filter((x) => x.square === d.square).at(-1);
    if (!b) { problems.push(`line ${d.line} "DIGEST ${d.square}": no battle waiting to be fought at ${d.square} (open: ${open.map((x) => x.square).join(', ') || 'none'})`); continue; }
    const strategies = await findStrategies(trx, b.id);
    const missing = b.armies.filter((a) => !countingStrategy(strategies, a));
    if (strategyOnTime(at, b.deadline) && missing.length > 0) {
      problems.push(`line ${d.line} "DIGEST ${d.square}": ${missing.join(' and ')} ${missing.length > 1 ? 'have' : 'has'} no strategy yet: before the deadline (${gmtSeconds(b.deadline)}) the digest comes only once every strategy is in (4.1.1)`);
      continue;
    }
    if (digestSent.has(b.id)) { notes.push(`line ${d.line}: the digest of the battle at ${b.square} is the updated one above, with the weather`); continue; }
    await sendDigest(trx, fromAddress, { game, setup, battle: b, battleJudge: people.battleJudge, early: strategyOnTime(at, b.deadline), now: at, requested: true });
    notes.push(`line ${d.line}: the digest of the battle at ${b.square} is on its way to you${strategyOnTime(at, b.deadline) ? ' (early: every strategy is in, 4.1.1; the one at the deadline still comes)' : ''}`);
  }
  let armies = setup.world.armies as unknown as Army[];
  for (const r of read.rulings) {
    const applied = applyRuling(armies, r);
    if (!applied.ok) { problems.push(`line ${r.line} "${r.written}": not done: ${applied.message}`); continue; }
    armies = applied.armies;
    await setCoalitionArmies(trx, game.id, armies);
    await appendAudit(trx, { gameId: game.id, actor: s.actor, action: 'coalition.ruling', detail: { army: applied.army, changes: r.changes, reason: r.reason, done: applied.done, judge: judge.name } });
    await sendNotice(trx, fromAddress, {
      game, template: 'coalition-ruling', key: `ruling:${game.id}:${at.getTime()}:${r.line}`,
      context: () => ({ judge: judge.name, army: applied.army, done: applied.done, reason: r.reason, at: gmtSeconds(at) }),
    }, everyone(people));
    notes.push(`line ${r.line}: ruling on ${applied.army}: ${applied.done.join('; ')} (because ${r.reason}); announced to everyone`);
  }
  if (read.verdicts.length === 0 && read.weather.length === 0 && read.rulings.length === 0 && read.digests.length === 0 && problems.length === 0) {
    problems.push(`no VERDICT, WEATHER or RULING line found; the accepted forms are "WEATHER <square>: <text>", "VERDICT <square>" followed by strategy/size/losses/kill/capture/leaving lines, and ${RULING_FORM}`);
  }
  return { notes, problems };
}

/** The stratless armies as the roll treats them: a side with none loses and still rolls (4.2.1, 4.2.4); one beside a partner with a strategy stays out (4.4). */
function stratlessText(stratless: readonly string[], armies: readonly { name: string; team: string }[]): string {
  if (stratless.length === 0) return '';
  const none = new Set(stratless);
  const partnered = stratless.filter((n) => armies.some((a) => a.name !== n && a.team === armies.find((x) => x.name === n)?.team && !none.has(a.name)));
  const sides = stratless.filter((n) => !partnered.includes(n));
  return [
    sides.length ? `; stratless: ${sides.join(' and ')} (${sides.length > 1 ? 'their side loses' : 'loses'}, still rolls; the other side gets +10 strategy, 4.2.1, 4.2.4)` : '',
    partnered.length ? `; stratless beside a partner with a strategy: ${partnered.join(' and ')} (does not take part and leaves the square, 4.4)` : '',
  ].join('');
}

type VerdictText = { strategy?: Readonly<Record<string, number>>; size?: Readonly<Record<string, number>>; stratless?: readonly string[]; losses?: Readonly<Record<string, readonly { creature: string; count: number }[]>>; kill?: { by: string; target: string }; capture?: { by: string; target: string } };

/** The verdict as it will be rolled: the bonus actually used (4.2.1: +10 automatic against a stratless side, the judge's figure then unused). */
function describe(v: VerdictText, armies: readonly { name: string; team: string }[]): string {
  const parts: string[] = [];
  const automatic = new Set(automaticStrategyArmies(armies, v.stratless ?? []));
  for (const a of automatic) parts.push(`strategy ${a} +10 (automatic: the other side is stratless, 4.2.1${v.strategy?.[a] !== undefined ? `; your +${v.strategy[a]} is not used` : ''})`);
  for (const [a, n] of Object.entries(v.strategy ?? {})) if (!automatic.has(a)) parts.push(`strategy ${a} +${n}`);
  for (const [a, n] of Object.entries(v.size ?? {})) parts.push(`size ${a} +${n}`);
  for (const [a, ls] of Object.entries(v.losses ?? {})) parts.push(`${a} loses ${ls.map((l) => `${l.count} ${l.creature}`).join(', ') || 'nothing'}`);
  if (v.kill) parts.push(`kill attempt ${v.kill.by} -> ${v.kill.target}`);
  if (v.capture) parts.push(`capture attempt ${v.capture.by} -> ${v.capture.target}`);
  return parts.join('; ') || 'no bonuses, no losses';
}

/** The digest of battle `battleId` again, as it stands now, with why it is sent and the verdict recorded (if any). */
export async function sendUpdatedDigest(trx: Trx, fromAddress: string, s: { game: Game; setup: CoalitionSetup; battleId: number; battleJudge: Person; now: Date; why: string }): Promise<void> {
  const b = (await findOpenBattles(trx, s.game.id)).find((x) => x.id === s.battleId);
  if (!b) return;
  await sendDigest(trx, fromAddress, { game: s.game, setup: s.setup, battle: b, battleJudge: s.battleJudge, early: strategyOnTime(s.now, b.deadline), now: s.now, updated: { why: s.why, verdict: b.verdict ? describe(b.verdict as VerdictText, (s.setup.world.armies as unknown as Army[]).filter((a) => b.armies.includes(a.name))) : null } });
}
