/**
 * A verified player's message to a game: orders (D.II, D.III), press, votes and requests (HELP,
 * STATUS answered at once; the rest recorded for the calendar), checked against the submission rules
 * in src/rules/submission and answered with exactly what the judge understood. One transaction under
 * the game's lock, so an adjudication never sees half a submission.
 */
import { lockGame, type Game } from '../../db/games.js';
import { findOrderSetStatus, findLatestOrderSets, insertOrderSet } from '../../db/order-sets.js';
import { findPeople, type Person } from '../../db/people.js';
import { findPhase, type PhaseRecord } from '../../db/phases.js';
import { precompiled } from '../../db/precompiled.js';
import { actingPositionOf, findCurrentPositions, type Position } from '../../db/positions.js';
import { makeOverstayPermanent, overstayingStandIn, playerReturns, settleReplacementPeriods } from '../diplomacy/stand-in-period.js';
import type { Db } from '../../db/schema.js';
import { RULE_PROFILES, type Power, type ProvinceId } from '../../diplomacy/index.js';
import { insertPlayerAbbreviations } from '../../db/player-abbreviations.js';
import { findPlayerFacts } from '../../db/player-facts.js';
import { findWebUrl } from '../../db/web-access.js';
import { OFFICIAL_ABBREVIATIONS, createProvinceLookup, formatAsUnderstood, intendedPower, parseOrderSheet, readRequest, readUnknownCommand, type RequestItem, type RequestKind } from '../../diplomacy/sheet/index.js';
import { STANDARD_MAP } from '../../diplomacy/index.js';
import { readGmCommands } from '../../diplomacy/conduct/gm-commands.js';
import { readBodyLines } from '../../diplomacy/sheet/index.js';
import { deadlineContext, historyContext, mapContext, positionContext, summaryContext } from '../diplomacy/player-lookups.js';
import { formatTimeLeft } from '../../diplomacy/calendar/index.js';
import { countedReceipt, lateDecision, type MailCopy } from '../../rules/submission/index.js';
import { formatDeadline } from '../../mail/outbound/report-context.js';
import { afterOrderSet } from '../diplomacy/after-order-set.js';
import { lateAcceptedNote, lateSetAllowed } from '../diplomacy/late-set.js';
import { ackDeadline } from '../diplomacy/ack-deadline.js';
import { refusalForPreviousPhase } from '../diplomacy/late-for-previous-phase.js';
import { recordCommunications } from '../diplomacy/record-communications.js';
import { latestStandings, mayAskStandings, onlyStandings, standingsMailContext } from '../tournament/standings-mail.js';
import { sendNotice } from '../notify.js';
import { webLinkContext } from '../web-link.js';
import { changeAlternateAddress } from '../alternate-address.js';
import { insertMapChoice } from '../../db/map-choices.js';
import { distinctPeople, findGm, findTds } from '../game-people.js';
import { gameView } from '../../mail/outbound/queue-mail.js';
import { decide, type Received } from '../../mail/inbound/decide.js';
import { stripSecretLines } from '../../mail/inbound/identity.js';
import type { InboundMail } from '../../mail/inbound/parse-message.js';
import { gmtSeconds, type ReceiveOutcome } from '../../mail/inbound/intake.js';
import { mayReply, queueReply, type ReplyContext } from '../../mail/inbound/reply.js';

/** Requests answered at once, to the asker alone; a message of nothing else is no set (D.III(3)). */
const QUESTIONS: readonly RequestKind[] = ['help', 'status', 'web', 'orders', 'position', 'history', 'summary', 'deadline', 'map', 'standings', 'otherAddress', 'maps'];
/** The look-ups read in a subject line too (a subject is a title as much as a command). */
const SUBJECT_LOOKUPS: readonly RequestKind[] = ['web', 'position', 'history', 'summary', 'deadline', 'map', 'standings'];

/** Time from receipt to the deadline, as the reminders say it; none once it has passed. */
function timeLeft(from: Date, to: Date): string | undefined {
  const ms = to.getTime() - from.getTime();
  return ms < 0 ? undefined : formatTimeLeft(ms);
}

/**
 * The set that stands for `power` in the phase, in the words of a reply to a message that did not
 * replace it (D.III(3)): "Your FINAL set received at … still stands (2 orders: …)".
 */
export async function standingSetNote(db: Db, gameId: string, phase: string, power: Power): Promise<string> {
  const latest = (await findLatestOrderSets(db, gameId, phase, { power }))[0];
  if (!latest) return `You have no set of orders for ${phase} yet: if none arrives by the deadline, that is an NMR (D.VII(6)).`;
  const orders = latest.orders.length === 0 ? 'no orders: your units hold' : `${latest.orders.length} order${latest.orders.length === 1 ? '' : 's'}: ${latest.orders.join(', ')}`;
  return `Your ${latest.final ? 'FINAL' : 'preliminary'} set received at ${gmtSeconds(latest.receivedAt)} still stands (${orders}).`;
}

/** Issue 29: compiled once (precompiled.ts). */
export const CONFIRM_COPIES = precompiled((db, p: { messageId: string; from: string }) => db
  .selectFrom('inbound_messages as m')
  .innerJoin('inbound_decisions as d', 'd.inbound_message_id', 'm.id')
  .select(['m.received_at', 'd.identity'])
  .where('m.message_id', '=', p.messageId)
  .where('d.role', '=', 'confirm')
  .where('d.from_address', '=', p.from));

/**
 * The confirmation mailbox's copies of a message from `from` (D.VII(1), D.VII(7)), with the game
 * addresses each named in To/Cc as recorded when it was confirmed.
 */
export async function confirmCopies(db: Db, messageId: string | undefined, from: string): Promise<MailCopy[]> {
  if (!messageId) return [];
  const rows = await CONFIRM_COPIES.execute(db, { messageId, from: from.toLowerCase() });
  return rows.map((r) => copyOf({ receivedAt: r.received_at, identity: r.identity }));
}

/** A confirmation copy as D.VII(7) reads it: the game addresses it named, as recorded when it was confirmed. */
function copyOf(r: { receivedAt: Date; identity: unknown }): MailCopy {
  return { receivedAt: r.receivedAt, to: ((r.identity as { gameAddresses?: string[] }).gameAddresses ?? []), cc: [] };
}

/** What the judge holds for `power` now (STATUS): the latest set, never anyone else's. */
export async function statusContext(db: Db, game: Game, phase: PhaseRecord, power: string, person: Person): Promise<object> {
  const latest = (await findLatestOrderSets(db, game.id, phase.name, { power: power as never }))[0];
  const sets = (await findOrderSetStatus(db, game.id, phase.name)).find((s) => s.power === power)?.sets ?? 0;
  return {
    power, phaseName: phase.name, deadline: formatDeadline(phase.deadline, person.timeZone),
    latest: latest && { receivedAt: gmtSeconds(latest.receivedAt), final: latest.final, orders: latest.orders, sets },
  };
}

/**
 * D.II(3), D.X(6): orders for `target`'s units from someone who does not hold it. Its acting player
 * and the GM are told, once per message; `target` undefined when no order matched a unit.
 */
async function alertProxy(trx: Db, ctx: ReplyContext, rec: Received, mail: InboundMail, game: Game, sender: Person, target: Power | undefined): Promise<void> {
  const holders = target ? (await findCurrentPositions(trx, game.id)).filter((p) => p.power === target).map((p) => p.personId) : [];
  // One alert per person: the power's player(s) and the GM (findPeople collapses a repeated id).
  for (const to of (await findPeople(trx, [...holders, game.gmPersonId])).values()) {
    await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'proxy-alert', {
      game: gameView(game), sender: sender.email, senderName: sender.name, power: target ?? 'no power (no order could be matched to a unit)', receivedAt: gmtSeconds(rec.receivedAt), inboundId: rec.inboundId,
    }, { key: 'proxy-alert', gameId: game.id, to: to.email });
  }
}

export async function receivePlayerMail(
  db: Db,
  ctx: ReplyContext,
  rec: Received,
  mail: InboundMail,
  person: Person,
  game: Game,
  evidence: Record<string, unknown>,
): Promise<ReceiveOutcome> {
  const text = stripSecretLines(mail.text);
  const inboundId = rec.inboundId;
  return db.transaction().execute(async (trx): Promise<ReceiveOutcome> => {
    const locked = (await lockGame(trx, game.id))!;
    // The decision's instant is read again under the game's lock (issue 30's rehearsal): a set that
    // waited for an adjudication is decided after it, as `reproduce` replays them.
    if (rec.clock) rec = { ...rec, now: rec.clock() };
    const phase = await findPhase(trx, locked.id, locked.currentPhase);
    const rules = RULE_PROFILES[locked.ruleProfile];
    // The hourly reply cap (reply.ts), read when a reply depends on it (issue 29: an accepted set is
    // acknowledged whatever the cap says, so its decision does not read it).
    let answer: boolean | undefined;
    const mayAnswer = async () => (answer ??= await mayReply(trx, ctx, person.email));
    const base = async () => ({ fromAddress: person.email, gameId: locked.id, personId: person.id, identity: evidence, replied: await mayAnswer() });
    const reply = async (template: string, context: object, key: string, calendar?: Parameters<typeof queueReply>[5]['calendar'], attachments?: Parameters<typeof queueReply>[5]['attachments'], always = false) => {
      if (always || (await mayAnswer())) await queueReply(trx, ctx, { inboundId, mail }, template, { game: gameView(locked), ...context }, { key, gameId: locked.id, ...(calendar ? { calendar } : {}), ...(attachments ? { attachments } : {}) });
    };
    const receivedAt = gmtSeconds(rec.receivedAt);

    // B.7: a stand-in whose declared phase has opened no longer holds the power (the tick does the
    // same within a minute); a former stand-in's set after the period, before the player's, makes the
    // replacement permanent (src/service/diplomacy/stand-in-period.ts).
    // Issue 29: the game's current positions, read once under the lock; read again only after
    // something in this decision may have changed them (a period ended, a stand-in made permanent, a
    // vote or an extension request recorded: see `positionsStand` below).
    // With them, in the same statement, the open stand-in periods, the player's abbreviations, whether
    // the player has an open NMR notice and the message's confirmation copies (src/db/player-facts.ts).
    const facts = await findPlayerFacts(trx, locked.id, person.id, { messageId: rec.messageId, from: person.email });
    let positions = facts.positions;
    let positionsStand = true;
    if ((await settleReplacementPeriods(trx, locked, rec.now, ctx.fromAddress, facts.openPeriods)) > 0) positions = await findCurrentPositions(trx, locked.id);
    let position = actingPositionOf(positions, person.id);
    const standInNotes: string[] = [];
    if (!position && phase && !phase.adjudicatedAt && locked.status === 'active') {
      const over = await overstayingStandIn(trx, locked, person);
      if (over && parseOrderSheet(text, { state: phase.stateBefore, power: over.power, subject: mail.subject, rules, mayRegisterAbbreviations: false }).isSet) {
        const made = await makeOverstayPermanent(trx, locked, person, over, rec.now, ctx.fromAddress);
        position = made.position;
        positionsStand = false;
        standInNotes.push(made.note);
      }
    }

    if (!position) {
      // D.II(3): no proxy orders. The power's own player and the GM are told (D.X(6)).
      const target = phase ? intendedPower(text, phase.stateBefore, rules) : undefined;
      await reply('orders-refused', {
        subjectNote: 'not accepted: no proxy orders', receivedAt,
        reason: `you do not hold a power in ${locked.id}, and orders may come only from a power's own player (D.II(3))`,
        remedy: 'if you have been appointed a replacement, ask the GM to record it, then send your orders again',
      }, 'proxy');
      await alertProxy(trx, ctx, rec, mail, locked, person, target);
      await decide(trx, rec, { ...(await base()), outcome: 'refused', reason: 'proxy orders (D.II(3))', phase: locked.currentPhase, power: target ?? null });
      return { kind: 'refused', inboundId, reason: 'proxy' };
    }
    const power = position.power;
    if (locked.status !== 'active' || !phase || phase.adjudicatedAt) {
      await reply('orders-refused', { subjectNote: 'not accepted: no turn open', receivedAt, reason: 'the game has no turn open for orders now', remedy: 'wait for the next turn to open; nothing you sent is lost, and the GM can see it' }, 'refused');
      await decide(trx, rec, { ...(await base()), outcome: 'refused', reason: 'no phase open', power });
      return { kind: 'refused', inboundId, reason: 'no phase open' };
    }

    // D.III(1): a player's own abbreviations, registered at the outset of the game (the first
    // turn) or with a replacement's first orders, read that player's orders from then on.
    const playerAbbreviations = facts.abbreviations;
    const firstOrdersAsReplacement = position.kind !== 'original' && !(await trx.selectFrom('order_sets').select('id').where('game_id', '=', locked.id).where('person_id', '=', person.id).executeTakeFirst());
    const mayRegisterAbbreviations = phase.name === 'S1901M' || firstOrdersAsReplacement;
    const sheet = parseOrderSheet(text, {
      state: phase.stateBefore, power, subject: mail.subject, rules, mayRegisterAbbreviations,
      ...(playerAbbreviations ? { playerAbbreviations: playerAbbreviations as ReadonlyMap<string, ProvinceId> } : {}),
    });
    if (mayRegisterAbbreviations) {
      const registered = Object.assign({}, ...sheet.requests.filter((r) => r.kind === 'abbreviations' && r.abbreviations).map((r) => r.abbreviations)) as Record<string, string>;
      if (Object.keys(registered).length > 0) {
        await insertPlayerAbbreviations(trx, { gameId: locked.id, personId: person.id, abbreviations: { ...Object.fromEntries(playerAbbreviations ?? []), ...registered }, inboundMessageId: inboundId, at: rec.now });
      }
    }
    const deadline = formatDeadline(phase.deadline, person.timeZone);
    // Issue #15: a look-up in the subject alone counts too ("POSITION", "HISTORY S1901M", no body). Not
    // ORDERS, STATUS or HELP: "Orders" is the subject of half the sets players send.
    const subjectAsk = readRequest(mail.subject.replace(/^\s*((re|fwd?|aw|sv)\s*:\s*)+/i, '').trim(), createProvinceLookup(STANDARD_MAP, OFFICIAL_ABBREVIATIONS));
    const asked: RequestItem[] = [...sheet.requests];
    if (subjectAsk && SUBJECT_LOOKUPS.includes(subjectAsk.kind) && !asked.some((r) => r.kind === subjectAsk.kind && r.phase === subjectAsk.phase)) {
      asked.push({ line: 0, kind: subjectAsk.kind, written: mail.subject, ...(subjectAsk.phase ? { phase: subjectAsk.phase } : {}) });
    }
    // Issue 27: OTHER ADDRESS, from the registered address and verified as an order set is (D.II(3),
    // D.X(6)); the last such line of the message counts, answered to the registered address.
    const otherAddress = asked.filter((r) => r.kind === 'otherAddress').at(-1);
    if (otherAddress) {
      const given = otherAddress.address ?? null;
      const r = given === '' ? { ok: false as const, problem: `"${otherAddress.written}" names no address` }
        : await changeAlternateAddress(trx, person, given, { actor: `person:${person.id}`, via: 'mail', inboundId });
      // The answer says what now holds, not what held before: `mailjudge reproduce` replays this
      // message against the directory as it is now, and must read the same answer.
      await reply('other-address', { email: person.email, ...(r.ok ? { ok: true, after: r.after } : { ok: false, problem: r.problem }) }, 'other-address');
    }
    // Issue 29: MAPS WIDE | PHONE | BOTH | NONE: the pictures this reader's results in this game carry
    // from the next results on; the last such line of the message counts.
    const maps = asked.filter((r) => r.kind === 'maps').at(-1);
    if (maps) {
      if (maps.maps) await insertMapChoice(trx, { gameId: locked.id, personId: person.id, maps: maps.maps, inboundMessageId: inboundId, at: rec.now });
      await reply('map-choice', { ...(maps.maps ? { ok: true, [maps.maps]: true } : { ok: false, written: maps.written.trim() }) }, 'maps');
    }
    for (const r of asked) {
      if (r.kind === 'help') await reply('help', { power, phaseName: phase.name, deadline, web: (await findWebUrl(trx)) !== undefined }, 'help');
      // Issue 31: a sign-in link to the web view, to the registered address alone.
      if (r.kind === 'web') await reply('web-link', await webLinkContext(trx, { role: 'player', personId: person.id, gameId: locked.id, power }, `mail:${inboundId}`, rec.now, person.timeZone), 'web');
      if (r.kind === 'status') await reply('status', await statusContext(trx, locked, phase, power, person), 'status');
      // ORDERS in a message that is a set is a heading: the acknowledgement says what the judge holds.
      if (r.kind === 'orders' && !sheet.isSet) await reply('status', { ...(await statusContext(trx, locked, phase, power, person)), command: 'ORDERS' }, 'orders');
      if (r.kind === 'position') await reply('player-position', await positionContext(trx, locked, power), 'position');
      if (r.kind === 'map') {
        const map = await mapContext(trx, locked, power);
        await reply('player-position', map.context, 'map', undefined, map.attachment ? [map.attachment] : undefined);
      }
      if (r.kind === 'history') await reply('player-history', await historyContext(trx, locked, r.phase), `history-${r.phase ?? 'list'}`);
      if (r.kind === 'summary') await reply('player-summary', await summaryContext(trx, locked), 'summary');
      if (r.kind === 'standings' && locked.tournamentId !== null) {
        const latest = await latestStandings(trx, locked.tournamentId, rec.now);
        if (latest) await reply('tournament-standings', standingsMailContext(latest.s, latest.r, true), 'standings');
      }
      if (r.kind === 'deadline') {
        await reply('player-deadline', deadlineContext(phase, person.timeZone, rec.receivedAt), 'deadline', { game: locked, phase: phase.name, deadline: phase.deadline, sequence: phase.deadlineSequence, stamp: rec.now });
      }
    }
    // D.II(3): lines ordering another power's units are not used; that power's player and the GM are told.
    const foreign = sheet.issues.filter((i) => i.code === 'notYourUnit');
    const proxyFor = foreign.length > 0 ? intendedPower(foreign.map((i) => sheet.lines.find((l) => l.line === i.line)?.written ?? i.fragment).join('\n'), phase.stateBefore, rules) : undefined;
    if (proxyFor && proxyFor !== power) await alertProxy(trx, ctx, rec, mail, locked, person, proxyFor);
    const proxyNote = proxyFor && proxyFor !== power ? `; orders for ${proxyFor}'s units not used, its player and the GM told (D.II(3))` : '';
    const understood = formatAsUnderstood(sheet, power, locked.currentPhase);
    const ack = { power, phaseName: locked.currentPhase, final: sheet.final, receivedAt, understood, deadline, timeLeft: timeLeft(rec.receivedAt, phase.deadline) };

    // Issue 29: the game's row and the phase read under the lock stand until this message's votes (which
    // may end the game, D.IX) or extension requests (which move the deadline, D.VII(5)) are recorded;
    // the person until an OTHER ADDRESS line changes it. What stands is not read again.
    const phaseStands = sheet.votes.length === 0 && !sheet.requests.some((r) => r.kind === 'extension');
    if (!phaseStands) positionsStand = false;
    // Press, votes and extension requests go to the calendar (D.VII(5), D.IX, D.X); its notes go in the reply.
    const communications = () => recordCommunications(trx, {
      gameId: locked.id, phase: phase.name, power, personId: person.id, inboundMessageId: inboundId, receivedAt: rec.receivedAt, sheet, now: rec.now, fromAddress: ctx.fromAddress,
      known: { game: locked, phase, ...(otherAddress ? {} : { person }) }, inDecision: true, noOpenNmrNotice: !facts.nmrNoticeOpen,
    });

    // D.VII(3): a set written for the phase just adjudicated, received after its deadline, is late for it
    // (read against the open phase its orders are for units no longer there, so it is no set of this one).
    const previous = await refusalForPreviousPhase(trx, { game: locked, phase, power, text, subject: mail.subject, sheet, receivedAt: rec.receivedAt });
    if (previous) {
      const missed = previous.code === 'missed';
      await reply('orders-refused', previous.reply, missed ? 'missed' : 'late');
      // D.VII(1), D.VIII(1): an on-time set the adjudication missed — the GM and the TD must know.
      if (missed) {
        await sendNotice(trx, ctx.fromAddress, {
          game: locked, template: 'missed-set', key: `missed-set:${locked.id}:${inboundId}`,
          context: () => ({
            power, playerName: person.name, phase: previous.phase, receivedAt: gmtSeconds(rec.receivedAt), inboundId,
            deadline: gmtSeconds(previous.deadline), adjudicatedAt: previous.adjudicatedAt ? gmtSeconds(previous.adjudicatedAt) : 'an earlier moment',
          }),
        }, distinctPeople([await findGm(trx, locked), ...(await findTds(trx, locked))]));
      }
      await decide(trx, rec, { ...(await base()), outcome: missed ? 'refused' : 'late', reason: missed ? 'received by the deadline, read after the adjudication (D.VII(1)); the GM and the TD told' : previous.code, phase: previous.phase, power });
      return { kind: 'refused', inboundId, reason: missed ? 'missed' : 'late' };
    }

    // D.III(3): only a set replaces a set. A question, press, a vote, a refused proxy order (D.II(3)) or
    // lines not understood are answered as what they are, and the reply says which set still stands.
    if (!sheet.isSet) {
      // Issue #15: GM commands from someone who is not the game's GM are refused with the reason; the GM
      // and the TD are told, as of a possible impersonation (D.X(6)).
      const gmOnly = readGmCommands(readBodyLines(text).lines.map((l) => ({ line: l.no, text: l.text })))// A line it could not read (a "Holiday in Spain" in press) is no command given.
        .commands.filter((c) => c.kind !== 'status' && c.kind !== 'help' && c.kind !== 'web' && c.kind !== 'agree' && !('problems' in c && c.problems.length > 0));
      if (gmOnly.length > 0) {
        const gm = await findGm(trx, locked);
        const lines = gmOnly.map((c) => sheet.lines.find((l) => l.kind === 'text' && readGmCommands([{ line: 0, text: l.written }]).commands[0]?.kind === c.kind)?.written.trim() ?? c.kind.toUpperCase());
        await reply('orders-refused', {
          subjectNote: 'GM commands refused', receivedAt,
          reason: `${lines.join(', ')}: only the GM of ${locked.id}${gm ? ` (${gm.name})` : ''} may give GM commands, from the GM's registered address; you play ${power}`,
          remedy: 'ask your GM; your orders, if any, stand as they were',
        }, 'gm-refused');
        await sendNotice(trx, ctx.fromAddress, {
          game: locked, template: 'gm-command-refused', key: `gm-command-refused:${locked.id}:${inboundId}`,
          context: () => ({ sender: person.email, senderName: person.name, power, commands: lines, receivedAt, inboundId }),
        }, distinctPeople([gm, ...(await findTds(trx, locked))]));
        await decide(trx, rec, { ...(await base()), outcome: 'refused', phase: phase.name, power, reason: `GM commands from a player (${gmOnly.map((c) => c.kind).join(', ')}); the GM and the TD told (D.X(6))` });
        return { kind: 'refused', inboundId, reason: 'gm commands from a player' };
      }
      // An unknown one-word command gets the list of commands, never a guess (issue #15).
      const unknown = asked.length === 0 && sheet.press.length === 0 && sheet.votes.length === 0 ? readUnknownCommand(sheet.lines) : undefined;
      if (unknown) {
        await reply('help', { power, phaseName: phase.name, deadline, unknown, web: (await findWebUrl(trx)) !== undefined }, 'help');
        await decide(trx, rec, { ...(await base()), outcome: 'command', phase: phase.name, power, reason: `unknown command "${unknown}": answered with the list of commands, not an order set (D.III(3))` });
        return { kind: 'noOrders', inboundId, gameId: locked.id, power };
      }
      const onlyQuestions = asked.length > 0 && asked.every((r) => QUESTIONS.includes(r.kind)) && sheet.press.length === 0 && sheet.votes.length === 0 && sheet.issues.length === 0 && !sheet.lines.some((l) => l.kind === 'mark');
      const { notes } = await communications();
      const standing = await standingSetNote(trx, locked.id, phase.name, power);
      if (!onlyQuestions || notes.length > 0) await reply('orders-received', { ...ack, ...(await ackDeadline(trx, { gameId: locked.id, phase: phase.name, zone: person.timeZone, receivedAt: rec.receivedAt, ...(phaseStands ? { current: phase } : {}) })), final: false, noOrders: true, standing, notes }, 'ack');
      await decide(trx, rec, {
        ...(await base()), outcome: onlyQuestions ? 'command' : 'message', phase: phase.name, power,
        reason: ([sheet.press.length ? `${sheet.press.length} press` : '', sheet.votes.length ? `${sheet.votes.length} votes` : '', ...asked.map((r) => r.kind), sheet.issues.length ? `${sheet.issues.length} problems` : ''].filter(Boolean).join(', ') || 'no orders') + ', not an order set (D.III(3))' + proxyNote,
      });
      return { kind: 'noOrders', inboundId, gameId: locked.id, power };
    }

    // D.VII(1), D.VII(7): an earlier confirmation-mailbox copy naming the game's address counts.
    // The copies read with the player's facts, unless an OTHER ADDRESS line may have changed the person.
    const copies = facts.confirmCopies && !otherAddress ? facts.confirmCopies.map(copyOf) : await confirmCopies(trx, rec.messageId, person.email);
    const counted = countedReceipt({ receivedAt: rec.receivedAt, to: mail.to, cc: mail.cc }, copies, locked.address);
    // D.VII(3): late sets refused, or accepted until adjudication starts, as the game's policy says.
    const decision = lateDecision(counted.receivedAt, phase.deadline, locked.policies.lateOrders, undefined);
    // D.VII(6)(b): while 1901 results are withheld, the missing powers' orders are taken after the deadline.
    const late = decision.accept ? decision : (await lateSetAllowed(trx, { gameId: locked.id, phase: phase.name, power })) ? ({ accept: true, late: true, rule: 'D.VII(6)(b)' } as const) : decision;
    if (!late.accept) {
      await reply('orders-refused', {
        subjectNote: `${power} ${phase.name}: late, not accepted`, receivedAt,
        reason: `${late.reason}; the deadline was ${gmtSeconds(phase.deadline)}`,
        remedy: 'your previous set, if any, stands. If you sent a copy to the confirmation mailbox before the deadline with this game\'s address in To or Cc, it will count when it arrives (D.VII(1)); otherwise write to your GM',
      }, 'late');
      await decide(trx, rec, { ...(await base()), outcome: 'late', reason: late.code, phase: phase.name, power });
      return { kind: 'refused', inboundId, reason: 'late' };
    }
    const set = await insertOrderSet(trx, {
      gameId: locked.id, phase: locked.currentPhase, power, personId: person.id, inboundMessageId: inboundId,
      receivedAt: counted.receivedAt, final: sheet.final, sheet, orders: sheet.orders.map((o) => o.text),
    });
    const { notes } = await communications();
    // B.7: the player's own set while a stand-in holds the power: the player is back, this set counts.
    // The positions read under the lock stand for it and for afterOrderSet unless something above may
    // have changed them, or it ended the stand-in (issue 29).
    let held: Position[] | undefined = positionsStand ? positions : await findCurrentPositions(trx, locked.id);
    if (position.kind !== 'temporary') {
      const back = await playerReturns(trx, locked, power, person, phase.name, rec.now, ctx.fromAddress, held);
      if (back) {
        standInNotes.push(back);
        held = undefined;
      }
    }
    notes.unshift(...standInNotes);
    // A round-1 captain standing in becomes the official player; a withheld phase is released once its orders are in; early adjudication (B.8(c), D.VII(6)(b), D.VII(2)).
    const after = await afterOrderSet(trx, { gameId: locked.id, now: rec.now, fromAddress: ctx.fromAddress, known: phaseStands ? { game: locked, phase, ...(held ? { positions: held } : {}) } : {} });
    // A released withheld phase is adjudicated now: its deadline is read again for the acknowledgement.
    const current = phaseStands && !after.released ? phase : undefined;
    // Issue 25: an accepted set is always acknowledged, whatever the hourly cap says: the cap guards
    // against loops and floods, and a set that counts must never go unconfirmed (D.VII(1)).
    await reply('orders-received', { ...ack, ...(await ackDeadline(trx, { gameId: locked.id, phase: phase.name, zone: person.timeZone, receivedAt: rec.receivedAt, ...(current ? { current } : {}) })), countedFrom: counted.by === 'confirm' ? gmtSeconds(counted.receivedAt) : undefined, late: late.late, lateNote: late.late ? lateAcceptedNote(late.rule, phase.name) : undefined, notes }, 'ack', undefined, undefined, true);
    // The power's own set number in the phase, never the database-wide id: a game replayed alone
    // (`mailjudge reproduce`) must read the same decision (issue #26, item 8).
    const statuses = after.statuses && current ? after.statuses : await findOrderSetStatus(trx, locked.id, phase.name);
    const setNumber = statuses.find((s) => s.power === power)?.sets ?? 1;
    await decide(trx, rec, { fromAddress: person.email, gameId: locked.id, personId: person.id, identity: evidence, replied: true, outcome: 'orders', reason: `${power}'s set ${setNumber} for ${phase.name}${sheet.final ? ', final' : ''}${counted.by === 'confirm' ? ', timed by the confirmation copy' : ''}${late.late ? `, late (accepted: ${late.rule})` : ''}${proxyNote}`, phase: phase.name, power });
    return { kind: 'orders', inboundId, orderSetId: set.id, gameId: locked.id, power, final: sheet.final };
  });
}
