/**
 * A Coalition player's message to the movement thread (the game's address) or PMed to the Movement
 * Judge (the game's PM address), 3.1: movement orders, control-list requests (5.2.2) and STATUS /
 * HELP. Orders are stored as received, with their receipt time, message and line (3.3.1); which one
 * an army carries out is decided at the lock (3.3.6, 5.4.2). A thread post is re-sent to every player
 * of both teams, as the forum thread was public; a PM is held back and published after the lock.
 */
import { appendAudit } from '../../db/audit-log.js';
import { lockGame } from '../../db/games.js';
import {
  findCoalitionGame, findCoalitionOrders, findCoalitionPlayers, findControlChanges, insertCoalitionOrders, insertControlChange, setCoalitionWorld, setEditDecided, transferAuthority,
  type CoalitionPlayer, type CoalitionSetup,
} from '../../db/coalition.js';
import type { Db, Trx } from '../../db/schema.js';
import { armiesOf, checkContingencyChange, checkControlChange, controlAt, withMercenaryJudge } from '../../coalition/armies/control-changes.js';
import { findOpenBattles, findStrategies, insertTransferDetail, insertTroopChange, setContingency } from '../../db/coalition-battles.js';
import { deadlineText, lockJobAt, updateJobAt } from './turn-times.js';
import { adjudicateJobKey, enqueueJob } from '../../db/jobs.js';
import { checkAfterLockEdits, type MovementResult } from '../../coalition/index.js';
import { placeSpawnedRaider } from './place-raider.js';
import { checkTransfer, checkTroopChange, countingStrategy, destroyedBaseColours, makeupTroops, readMakeup, troopChangeRefusal, type Army } from '../../coalition/index.js';
import { parseWorldMap } from '../../coalition/world/read-map.js';
import { readCoalitionCommands, type CoalitionCommand } from '../../coalition/mail-commands.js';
import { parseCoalitionPosts } from '../../coalition/posts/parse-posts.js';
import { coalitionPmWindow, coalitionPostOnTime } from '../../coalition/submission.js';
import { decide } from '../../mail/inbound/decide.js';
import { stripSecretLines } from '../../mail/inbound/identity.js';
import { gmtSeconds, type ReceiveOutcome } from '../../mail/inbound/intake.js';
import { mayReply, queueReply } from '../../mail/inbound/reply.js';
import { formatDeadline } from '../../mail/outbound/report-context.js';
import type { GameMail } from '../game-kind.js';
import { sendNotice } from '../notify.js';
import { coalitionPeople, everyone, mercenaryJudgeAsPlayer } from './game-people.js';
import { findPeople } from '../../db/people.js';

const key = (s: string) => s.trim().toLowerCase();

/** The lock as players read it: the minute, and that the whole minute is in (3.1: 05:00 in, 05:01 out). */
export function lockText(lockAt: Date, zone: string | undefined): { gmt: string; local?: string; rule: string } {
  return { ...formatDeadline(lockAt, zone), rule: `orders stamped up to ${gmtSeconds(new Date(Math.floor(lockAt.getTime() / 60_000) * 60_000 + 59_000))} count; from the next minute on they are refused (3.1)` };
}

export async function receiveMovementMail(m: GameMail, via: 'post' | 'pm'): Promise<ReceiveOutcome> {
  const { db, ctx, rec, mail, person, game, evidence } = m;
  const inboundId = rec.inboundId;
  const answer = await mayReply(db, ctx, person.email);
  return db.transaction().execute(async (trx): Promise<ReceiveOutcome> => {
    await lockGame(trx, game.id);
    const setup = (await findCoalitionGame(trx, game.id))!;
    const players = await findCoalitionPlayers(trx, game.id);
    // Chapter 6: the Mercenary Judge posts like a player, for the mercenary armies only.
    const isMercJudge = setup.mercenaryJudgePersonId != null && setup.mercenaryJudgePersonId === person.id;
    const player = players.find((p) => p.personId === person.id) ?? (isMercJudge ? mercenaryJudgeAsPlayer(person) : undefined);
    const lock = lockText(setup.lockAt, person.timeZone);
    if (!player) {
      if (answer) await queueReply(trx, ctx, { inboundId, mail }, 'coalition-refused', { game: gameOf(game), receivedAt: gmtSeconds(rec.receivedAt), reason: 'you are not a player of this game', remedy: `ask the Movement Judge to add you (a team admits its members, 1.1)` }, { key: 'refused', gameId: game.id });
      await decide(trx, rec, { outcome: 'refused', reason: 'not a player of this game', fromAddress: person.email, gameId: game.id, personId: person.id, identity: evidence, replied: Boolean(answer) });
      return { kind: 'refused', inboundId, reason: 'not a player of this game' };
    }
    const text = stripSecretLines(mail.text);
    const { commands, rest } = readCoalitionCommands(text);
    const parsed = parseCoalitionPosts(rest, { poster: player.name });
    const changes = await findControlChanges(trx, game.id);
    const armies = setup.world.armies;
    const mercJudgeName = await mercenaryJudgeName(trx, setup);
    const now = withMercenaryJudge(controlAt(armies, players, changes, rec.receivedAt), armies, mercJudgeName);

    // 3.1: the thread locks at the minute (05:00 in, 05:01 out); PMs count within the last 28 hours.
    const timing = via === 'post'
      ? (coalitionPostOnTime(rec.receivedAt, setup.lockAt) ? { ok: true as const } : { ok: false as const, why: `it was received at ${gmtSeconds(rec.receivedAt)}, after the movement lock of turn ${setup.turn}: orders stamped up to ${deadlineText(setup.lockAt)} count (3.1)` })
      : (() => {
          const w = coalitionPmWindow(rec.receivedAt, setup.lockAt);
          if (w.counts) return { ok: true as const };
          return { ok: false as const, why: w.code === 'after-lock'
            ? `it was received at ${gmtSeconds(rec.receivedAt)}, after the movement lock of turn ${setup.turn}: orders stamped up to ${deadlineText(setup.lockAt)} count (3.1)`
            : `orders PMed to the Movement Judge count only within the last 28 hours before the lock (3.1): from ${gmtSeconds(w.opensAt)}; post it in the thread instead (${game.address}), or send it again then` };
        })();

    const lines: { line: number; text: string; note: string }[] = [];
    const accepted: { army: string; text: string; line: number }[] = [];
    if (parsed.posts.length > 0 && !timing.ok) {
      for (const p of parsed.posts) lines.push({ line: p.line, text: p.written, note: 'not accepted: too late' });
    } else {
      for (const p of parsed.posts) {
        const army = armies.find((a) => key(a.name) === key(p.army));
        if (!army) { lines.push({ line: p.line, text: p.written, note: `no army "${p.army}" in this game; armies are named as on the map (STATUS lists yours)` }); continue; }
        if (isMercJudge && army.team !== 'mercenary') {
          // Chapter 6 and 5.4.1: the Mercenary Judge is on neither team; he orders the mercenary armies only.
          lines.push({ line: p.line, text: p.written, note: `refused: ${army.name} is a ${army.team} army; the Mercenary Judge orders only the mercenary armies (chapter 6: he is on neither team; 5.4.1)` });
          continue;
        }
        const controller = now.get(key(army.name)) ?? null;
        const note = controller !== null && key(controller) === key(player.name)
          ? 'accepted'
          // 5.4.2: what counts is the control list at the lock.
          : `accepted, but ${army.name} is ${controller ? `controlled by ${controller}` : 'controlled by nobody'} now: it counts only if you control it at the lock (5.4.2); an order for an army you do not control is reported to the Battle Judge (5.4.1)`;
        lines.push({ line: p.line, text: p.written, note });
        accepted.push({ army: army.name, text: p.written, line: p.line });
      }
    }
    // A line that does not read is quoted back whole, as the player wrote it (not the token it stumbled on).
    const restLines = rest.split(/\r?\n/);
    for (const i of parsed.issues) lines.push({ line: i.line, text: (restLines[i.line - 1] ?? i.fragment).trim() || i.fragment, note: `${i.severity === 'error' ? 'not read' : 'note'}: ${i.message}` });

    const commandNotes: string[] = [];
    for (const c of commands) {
      if (c.kind === 'disband') {
        commandNotes.push(isMercJudge ? await disbandRaider(trx, m, setup, c, timing.ok) : `line ${c.line} "${c.written}": refused: only the Mercenary Judge disbands a Raider (6.3.2)`);
        continue;
      }
      if (c.kind === 'place') {
        commandNotes.push(isMercJudge ? await placeRaider(trx, m, setup, players, player, c) : `line ${c.line} "${c.written}": refused: where a spawned Raider appears is the Mercenary Judge's (6.3.2)`);
        continue;
      }
      if (c.kind === 'edit' || c.kind === 'noEdit') {
        commandNotes.push(isMercJudge ? await afterLockEdit(trx, m, setup, player, c, via) : `line ${c.line} "${c.written}": refused: only the Mercenary Judge may change a Raider's move after the lock (6.3.2, After Lock Edit)`);
        continue;
      }
      // Chapter 6: the Mercenary Judge has no control list, no authority and no troop changes of the Player teams.
      if (isMercJudge && c.kind !== 'status' && c.kind !== 'help') commandNotes.push(`line ${c.line}: refused: the Mercenary Judge orders the mercenary armies and has no part in the teams' control lists, transfers or troop changes (chapter 6, 5.2)`);
      else commandNotes.push(await runCommand(trx, m, setup, players, player, c, changes));
    }

    if (accepted.length > 0) {
      await insertCoalitionOrders(trx, game.id, setup.turn, accepted.map((a) => ({ army: a.army, text: a.text, senderPersonId: person.id, senderName: player.name, receivedAt: rec.receivedAt, via, inboundMessageId: inboundId, line: a.line })));
    }
    lines.sort((a, b) => a.line - b.line);
    // 6.3.2: an After Lock Edit comes after the lock by its nature: the mail is not "too late".
    const editMail = parsed.posts.length === 0 && commands.some((c) => c.kind === 'edit' || c.kind === 'noEdit');
    // Only orders can be late: a control request, STATUS or HELP after the lock is answered as usual (5.2.1: effective on its timestamp).
    const late = !timing.ok && parsed.posts.length > 0 && !editMail;
    const status = commands.some((c) => c.kind === 'status') ? await statusView(trx, setup, players, player, rec.receivedAt, mercJudgeName) : undefined;
    const help = commands.some((c) => c.kind === 'help') || (lines.length === 0 && commandNotes.length === 0);
    if (answer) {
      await queueReply(trx, ctx, { inboundId, mail }, 'coalition-received', {
        game: gameOf(game), receivedAt: gmtSeconds(rec.receivedAt), turn: setup.turn, via: readAs(via, accepted.length, !late),
        lines, accepted: accepted.length, lock, commands: commandNotes, status, help, refused: late ? timing.why : undefined,
        pmAddress: setup.pmAddress, battleAddress: setup.battleAddress, mercenaryJudge: isMercJudge,
      }, { key: 'coalition-received', gameId: game.id });
    }
    // 3.1: the thread is public: each accepted post goes to every player of both teams and the judges.
    if (via === 'post' && accepted.length > 0) {
      const people = await coalitionPeople(trx, game, setup, players);
      await sendNotice(trx, ctx.fromAddress, {
        game, template: 'coalition-thread', key: `thread:${game.id}:${inboundId}`,
        context: (zone) => ({ game: gameOf(game), poster: player.name, team: player.team, receivedAt: gmtSeconds(rec.receivedAt), turn: setup.turn, orders: accepted, lock: lockText(setup.lockAt, zone) }),
      }, everyone(people).filter((p) => p.id !== person.id));
    }
    const outcome = accepted.length > 0 ? 'orders' : commands.length > 0 ? 'command' : timing.ok ? 'message' : 'late';
    await decide(trx, rec, { outcome, reason: accepted.length > 0 ? `${accepted.length} movement order(s) for turn ${setup.turn} (${via})` : timing.ok ? null : 'after the lock', fromAddress: person.email, gameId: game.id, phase: `T${setup.turn}`, personId: person.id, identity: evidence, replied: Boolean(answer) });
    if (accepted.length > 0) return { kind: 'movement', inboundId, gameId: game.id, turn: setup.turn, armies: accepted.map((a) => a.army), via };
    return commands.length > 0 ? { kind: 'command', inboundId, gameId: game.id } : { kind: 'ignored', inboundId, reason: timing.ok ? 'no orders' : 'after the lock' };
  });
}

/**
 * What the reply says the message was read as: only what happened (issue 33). A thread post is sent on
 * to both teams (3.1) only when it holds an order accepted; a PM's orders are held back to the lock.
 */
export function readAs(via: 'post' | 'pm', accepted: number, onTime: boolean): string {
  if (!onTime) return via === 'pm' ? 'a PM to the Movement Judge outside the time PMed orders count: its orders are not kept or published (3.1)' : 'a post in the movement thread, after the lock: it was not sent on to the players and nothing in it is carried out (3.1)';
  if (accepted === 0) return via === 'pm' ? 'a PM to the Movement Judge with no movement order accepted: nothing is held back for the lock' : 'a message to the movement thread with no movement order accepted: nothing was sent on to the players';
  return via === 'pm' ? `a PM to the Movement Judge: its ${accepted === 1 ? 'order is' : `${accepted} orders are`} held back and published after the lock (3.1)` : `a post in the movement thread: its ${accepted === 1 ? 'order was' : `${accepted} orders were`} sent on to every player of both teams (3.1)`;
}

function gameOf(game: GameMail['game']) {
  return { id: game.id, board: game.boardName, address: game.address };
}

/** A control-list request (5.2.2) or an authority transfer (5.2.2.1), effective at the message's timestamp. */
async function runCommand(trx: Trx, m: GameMail, setup: CoalitionSetup, players: readonly CoalitionPlayer[], player: CoalitionPlayer, c: CoalitionCommand, changes: Awaited<ReturnType<typeof findControlChanges>>): Promise<string> {
  const { rec, game, ctx } = m;
  if (c.kind === 'status' || c.kind === 'help') return `${c.kind.toUpperCase()}: below`;
  if (c.kind === 'authority') {
    const to = players.find((p) => key(p.name) === key(c.to));
    const leader = player.rank === 'general' || player.rank === 'chief-praetor';
    if (!player.authority && !leader) return `line ${c.line} "${c.written}": refused: only a player with authority over the control list, or your side's ${player.team === 'coalition' ? 'General' : 'Chief Praetor'}, may pass it on (5.2.2.1)`;
    if (!to || to.team !== player.team) return `line ${c.line} "${c.written}": refused: no player "${c.to}" on your side`;
    const from = player.authority ? player : players.find((p) => p.team === player.team && p.authority && p.personId !== to.personId);
    if (to.authority) return `line ${c.line} "${c.written}": ${to.name} has authority already`;
    await transferAuthority(trx, game.id, from?.personId ?? player.personId, to.personId);
    await appendAudit(trx, { gameId: game.id, actor: `person:${player.personId}`, action: 'coalition.authority', detail: { from: from?.name ?? null, to: to.name, inboundId: rec.inboundId, at: rec.receivedAt.toISOString() } });
    return `line ${c.line} "${c.written}": done: ${to.name} now has authority over your side's control list${from ? ` instead of ${from.name}` : ''} (5.2.2.1)`;
  }
  if (c.kind === 'contingency') {
    // 5.2.3: the contingency section of the control list, changed like the list by the side's authorised players.
    const check = checkContingencyChange(player, c.player, c.contingency, players);
    if (!check.ok) return `line ${c.line} "${c.written}": refused: ${check.message}`;
    const before = players.find((p) => key(p.name) === key(check.player))?.contingency ?? null;
    await setContingency(trx, game.id, check.player, check.contingency);
    // 5.2.3: everyone it concerns is told: the player covered, the contingency named, and the one it replaces
    // (the requester has this reply).
    const concerned = [check.player, check.contingency, before].filter((n): n is string => n !== null && key(n) !== key(player.name));
    const people = await coalitionPeople(trx, game, setup, players);
    const to = [...new Set(concerned.map((n) => players.find((p) => key(p.name) === key(n))?.personId).filter((id): id is number => id !== undefined))].map((id) => people.people.get(id)!);
    if (to.length > 0) {
      await sendNotice(trx, ctx.fromAddress, {
        game, template: 'coalition-contingency', key: `contingency:${game.id}:${rec.inboundId}:${c.line}`,
        context: () => ({ game: gameOf(game), player: check.player, contingency: check.contingency, before: before !== null && (check.contingency === null || key(before) !== key(check.contingency)) ? before : null, requestedBy: player.name, at: gmtSeconds(rec.receivedAt), battleAddress: setup.battleAddress }),
      }, to);
    }
    await appendAudit(trx, { gameId: game.id, actor: `person:${player.personId}`, action: 'coalition.contingency', detail: { player: check.player, contingency: check.contingency, at: rec.receivedAt.toISOString(), inboundId: rec.inboundId } });
    return `line ${c.line} "${c.written}": done: ${check.contingency === null ? `${check.player} has no contingency` : `${check.contingency} is ${check.player}'s contingency: he may send ${check.player}'s battle strategies in the last 24 hours before a battle deadline; ${check.player}'s own strategy wins if both arrive (5.2.3)`}`;
  }
  if (c.kind === 'transferTroops') {
    // 3.2.4.2: the creatures of a transfer, mailed to the Movement Judge; the last one for the army counts.
    const all = setup.world.armies as unknown as Army[];
    const from = all.find((a) => key(a.name) === key(c.from));
    const to = all.find((a) => key(a.name) === key(c.to));
    if (!from || !to) return `line ${c.line} "${c.written}": refused: no army "${!from ? c.from : c.to}" in this game`;
    const problems = checkTransfer(from, to, c.troops);
    if (problems.length > 0) return `line ${c.line} "${c.written}": refused: ${problems.map((p) => `${p.message} (${p.rule})`).join('; ')}`;
    const controller = controlAt(setup.world.armies, players, changes, rec.receivedAt).get(key(from.name)) ?? null;
    await insertTransferDetail(trx, game.id, setup.turn, { fromArmy: from.name, toArmy: to.name, troops: c.troops, senderPersonId: m.person.id, senderName: player.name, receivedAt: rec.receivedAt, inboundMessageId: rec.inboundId });
    return `line ${c.line} "${c.written}": recorded: at the lock ${from.name} sends ${c.troops.map((t) => `${t.count} ${t.creature}`).join(', ')} to ${to.name}, if its order "Transfer to ${to.name}" stands and you control ${from.name} at the lock (3.2.4.2, 3.2.4.3, 5.4.2)${controller !== null && key(controller) === key(player.name) ? '' : `; ${from.name} is ${controller ? `controlled by ${controller}` : 'controlled by nobody'} now`}`;
  }
  if (c.kind === 'troops') {
    // 2.3.2: the new makeup, from the army's controller, checked now and again at the lock (where it is carried out).
    const army = (setup.world.armies as unknown as Army[]).find((a) => key(a.name) === key(c.army));
    if (!army) return `line ${c.line} "${c.written}": refused: no army "${c.army}" in this game`;
    const controller = controlAt(setup.world.armies, players, changes, rec.receivedAt).get(key(army.name)) ?? null;
    if (controller === null || key(controller) !== key(player.name)) return `line ${c.line} "${c.written}": refused: ${army.name} is ${controller ? `controlled by ${controller}` : 'controlled by nobody'}; only the army's controller may change its troops (2.3.2)`;
    const read = readMakeup(c.makeup);
    if (!read.ok) return `line ${c.line} "${c.written}": refused: ${read.problems.join('; ')}`;
    const map = parseWorldMap(setup.world.map);
    const problems = checkTroopChange(army, makeupTroops(army, read.troops), map.ok ? destroyedBaseColours(map.map) : []);
    if (problems.length > 0) return `line ${c.line} "${c.written}": refused: ${problems.map((p) => `${p.message} (${p.rule})`).join('; ')}`;
    await insertTroopChange(trx, game.id, setup.turn, { army: army.name, troops: read.troops.map((t) => ({ ...t, colours: [...t.colours] })), senderPersonId: m.person.id, senderName: player.name, receivedAt: rec.receivedAt, inboundMessageId: rec.inboundId });
    const now = map.ok ? troopChangeRefusal(map.map, army) : null;
    return `line ${c.line} "${c.written}": recorded: at the lock ${army.name}'s troops become ${read.troops.map((t) => `${t.count} ${t.creature}`).join(', ')}, if it has counted 2 days on a base or portal it heals at and you control it at the lock; otherwise the change is refused then (2.3.2)${now ? `; now: ${now}` : ''}`;
  }
  if (c.kind !== 'control') return `line ${c.line} "${c.written}": refused: only the Mercenary Judge may change a Raider's move after the lock (6.3.2)`;
  const control = controlAt(setup.world.armies, players, changes, rec.receivedAt);
  const check = checkControlChange({ requester: player.name, army: c.army, to: c.to }, setup.world.armies, players, control);
  if (!check.ok) return `line ${c.line} "${c.written}": refused: ${check.message}`;
  const army = setup.world.armies.find((a) => key(a.name) === key(c.army))!;
  const to = c.to === null ? null : players.find((p) => key(p.name) === key(c.to!))!.name;
  // 5.2.1: "the changes become effective on the timestamp of the request".
  await insertControlChange(trx, game.id, { army: army.name, controller: to, effectiveAt: rec.receivedAt, requestedBy: m.person.id, inboundMessageId: rec.inboundId, reason: c.written });
  await appendAudit(trx, { gameId: game.id, actor: `person:${player.personId}`, action: 'coalition.control', detail: { army: army.name, from: control.get(key(army.name)) ?? null, to, effectiveAt: rec.receivedAt.toISOString(), inboundId: rec.inboundId } });
  const people = await coalitionPeople(trx, game, setup, players);
  await sendNotice(trx, ctx.fromAddress, {
    game, template: 'coalition-control', key: `control:${game.id}:${rec.inboundId}:${army.name}`,
    context: () => ({ game: gameOf(game), army: army.name, from: control.get(key(army.name)) ?? 'nobody', to: to ?? 'nobody', requestedBy: player.name, effective: gmtSeconds(rec.receivedAt) }),
  }, everyone(people));
  return `line ${c.line} "${c.written}": done: ${army.name} is controlled by ${to ?? 'nobody'} from ${gmtSeconds(rec.receivedAt)} (5.2.1)`;
}

/**
 * 6.3.2 After Lock Edit: after the lock and within the edit window, the Mercenary Judge changes ONE
 * Raider's move to an attempt to engage (checked by the pure checkAfterLockEdits, with this turn's
 * earlier edits), or settles that he makes none (NO EDIT). Either way the turn's update is computed
 * at once (the lock job is moved to now).
 */
async function afterLockEdit(trx: Trx, m: GameMail, setup: CoalitionSetup, judge: CoalitionPlayer, c: Extract<CoalitionCommand, { kind: 'edit' | 'noEdit' }>, via: 'post' | 'pm'): Promise<string> {
  const { rec, game } = m;
  const at = rec.receivedAt.getTime();
  const head = `line ${c.line} "${c.written}"`;
  if (at < lockJobAt(setup.lockAt).getTime()) return `${head}: refused: an After Lock Edit is made after the movement lock of turn ${setup.turn} (${gmtSeconds(setup.lockAt)}); until then post the Raider's order as usual (6.3.2)`;
  const closes = updateJobAt(setup.lockAt, setup);
  if (at >= closes.getTime()) return `${head}: refused: the After Lock Edit window of turn ${setup.turn} closed at ${gmtSeconds(closes)} (6.3.2)`;
  const earlier = (await findCoalitionOrders(trx, game.id, setup.turn)).filter((o) => o.afterLockEdit);
  if (setup.editDecidedTurn === setup.turn && earlier.length === 0) return `${head}: refused: you mailed NO EDIT for turn ${setup.turn}; one After Lock Edit a turn (6.3.2)`;
  const settle = async () => {
    await setEditDecided(trx, game.id, setup.turn);
    await enqueueJob(trx, 'adjudicate-phase', { gameId: game.id, phase: `T${setup.turn}` }, { jobKey: adjudicateJobKey(game.id, `T${setup.turn}`), runAt: rec.receivedAt, jobKeyMode: 'replace' });
    await appendAudit(trx, { gameId: game.id, actor: `person:${judge.personId}`, action: 'coalition.after-lock-edit', detail: { turn: setup.turn, edit: c.kind === 'edit' ? c.order : null, inboundId: rec.inboundId, at: rec.receivedAt.toISOString() } });
  };
  if (c.kind === 'noEdit') {
    if (earlier.length > 0) return `${head}: noted; your After Lock Edit "${earlier[0]!.text}" stands (6.3.2)`;
    await settle();
    return `${head}: done: no After Lock Edit this turn; the movement update of turn ${setup.turn} is computed now (6.3.2)`;
  }
  const mine = { army: c.army, text: c.order, at: rec.receivedAt, post: String(rec.inboundId), line: c.line, sender: judge.name, afterLockEdit: true };
  const results: MovementResult[] = [];
  checkAfterLockEdits({ armies: setup.world.armies as unknown as Army[] }, [
    ...earlier.map((o) => ({ army: o.army, text: o.text, at: o.receivedAt, post: String(o.inboundMessageId), line: o.line, sender: o.senderName, afterLockEdit: true })), mine,
  ], results);
  const refused = results.find((r) => r.post === mine.post && r.line === mine.line);
  if (refused) return `${head}: refused: ${refused.reason}`;
  const army = setup.world.armies.find((a) => key(a.name) === key(c.army))!;
  await insertCoalitionOrders(trx, game.id, setup.turn, [{ army: army.name, text: c.order, senderPersonId: judge.personId, senderName: judge.name, receivedAt: rec.receivedAt, via, inboundMessageId: rec.inboundId, line: c.line, afterLockEdit: true }]);
  await settle();
  return `${head}: accepted: ${army.name} carries out "${c.order}" in place of its order of the turn (6.3.2, After Lock Edit); the movement update of turn ${setup.turn} is computed now`;
}

/** 6.3.2 Spawning: the Mercenary Judge's PLACE by mail (place-raider.ts does it). */
async function placeRaider(trx: Trx, m: GameMail, setup: CoalitionSetup, players: readonly CoalitionPlayer[], judge: CoalitionPlayer, c: Extract<CoalitionCommand, { kind: 'place' }>): Promise<string> {
  const r = await placeSpawnedRaider(trx, m.ctx.fromAddress, { game: m.game, setup, players, army: c.army, square: c.square, judge: judge.name, actor: `person:${judge.personId}`, at: m.rec.receivedAt, inboundId: m.rec.inboundId });
  return `line ${c.line} "${c.written}": ${r.ok ? 'done' : 'refused'}: ${r.text}`;
}

/** 6.3.2 Disband: the Raider "may take one movement turn to Disband. This removes it from the map" at this turn's update. */
async function disbandRaider(trx: Trx, m: GameMail, setup: CoalitionSetup, c: Extract<CoalitionCommand, { kind: 'disband' }>, onTime: boolean): Promise<string> {
  const head = `line ${c.line} "${c.written}"`;
  if (!onTime) return `${head}: refused: too late for turn ${setup.turn}'s movement lock (3.1)`;
  const army = setup.world.armies.find((a) => key(a.name) === key(c.army));
  if (!army || army.mercenary !== 'raider') return `${head}: refused: ${army ? `${army.name} is not a Raider` : `no army "${c.army}"`}: only a Raider may Disband (6.3.2)`;
  const disbanding = [...new Set([...(setup.world.disbanding ?? []), army.name])];
  await setCoalitionWorld(trx, m.game.id, { ...setup.world, disbanding });
  await appendAudit(trx, { gameId: m.game.id, actor: `person:${m.person.id}`, action: 'coalition.disband', detail: { army: army.name, turn: setup.turn, inboundId: m.rec.inboundId } });
  return `${head}: recorded: ${army.name} spends turn ${setup.turn}'s movement disbanding and leaves the map at the update; its other orders this turn are not carried out (6.3.2)`;
}

/** Chapter 6: the Mercenary Judge's name, or null when the round has none (the mercenaries hold). */
export async function mercenaryJudgeName(trx: Db, setup: CoalitionSetup): Promise<string | null> {
  const id = setup.mercenaryJudgePersonId ?? null;
  return id === null ? null : (await findPeople(trx, [id])).get(id)?.name ?? null;
}

/** STATUS: the sender's armies and their orders so far this turn, and the control list (5.2.1); the Mercenary Judge's: the mercenary armies. */
async function statusView(trx: Db, setup: CoalitionSetup, players: readonly CoalitionPlayer[], player: CoalitionPlayer, at: Date, mercJudge: string | null) {
  const control = withMercenaryJudge(controlAt(setup.world.armies, players, await findControlChanges(trx, setup.gameId), at), setup.world.armies, mercJudge);
  const orders = await findCoalitionOrders(trx, setup.gameId, setup.turn);
  const mine = armiesOf(control, player.name);
  const armies = setup.world.armies.filter((a) => mine.includes(key(a.name))).map((a) => {
    const last = [...orders].reverse().find((o) => key(o.army) === key(a.name) && o.senderPersonId === player.personId);
    // 4.2.5: the troops it has left (the losses of its battles so far).
    const troops = (a as unknown as Army).troops ?? [];
    const alive = troops.reduce((n, t) => n + t.alive, 0);
    const full = troops.reduce((n, t) => n + t.count, 0);
    return { name: a.name, rank: `${a.team === 'mercenary' && a.mercenary ? `${String(a.mercenary)}, ` : ''}${a.rank}`, at: a.at, troops: troops.length === 0 ? '' : `${alive} of ${full} troops alive${alive < full ? ` (${full - alive} lost)` : ''}`, order: last ? `${last.text} (received ${gmtSeconds(last.receivedAt)}${last.via === 'pm' ? ', by PM' : ''})` : 'no order yet' };
  });
  const list = setup.world.armies.filter((a) => a.team === player.team).map((a) => ({ army: a.name, controller: control.get(key(a.name)) ?? 'nobody' }));
  const contingencies = players.filter((p) => p.team === player.team && p.contingency).map((p) => `${p.name}: ${p.contingency}`).join(', ') || 'none';
  // 4.1.1: the battles of the sender's armies (and of those he stands in for, 5.2.3) and where their strategies stand.
  const standIn = players.filter((p) => p.contingency !== null && key(p.contingency) === key(player.name)).map((p) => key(p.name));
  const battles: { army: string; battle: string; deadline: string; strategy: string }[] = [];
  for (const b of await findOpenBattles(trx, setup.gameId)) {
    const strategies = await findStrategies(trx, b.id);
    for (const a of b.armies) {
      const c = control.get(key(a)) ?? null;
      if (c === null || (key(c) !== key(player.name) && !standIn.includes(key(c)))) continue;
      const counting = countingStrategy(strategies, a);
      battles.push({ army: a, battle: b.announcement, deadline: deadlineText(b.deadline), strategy: counting ? `${counting.senderName}'s of ${gmtSeconds(counting.receivedAt)} counts` : 'none received yet: without one it is stratless (4.2.1)' });
    }
  }
  // 6.3.2: spawned Raiders waiting for the Mercenary Judge's PLACE (not on the map yet).
  const waiting = (setup.world.pendingRaiders ?? []).map((w) => `${w.name} (${w.rank}), spawned at the turn ${w.turn} update: PLACE ${w.name} AT <square>`);
  return { armies, list, contingencies, battles, waiting, authority: players.filter((p) => p.team === player.team && p.authority).map((p) => p.name).join(' and ') || 'nobody' };
}
