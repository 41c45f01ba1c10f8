/**
 * The one path every inbound message takes (IMAP, the SMTP listener, the pipe, the CLI): store the
 * raw bytes with the trusted receipt time first, then parse, guard against loops, find the game and
 * the sender, check identity, and hand over to the right handler: the TD's confirmation mailbox
 * (confirm-copy.ts), the GM's commands (gm-mail.ts), or a player's orders and requests
 * (player-mail.ts). Never throws on bad input: a message that cannot be read is quarantined, never
 * dropped; every message ends with exactly one recorded decision (inbound_decisions) and one audit
 * entry carrying the raw message's SHA-256, so the hash chain covers the evidence.
 *
 * Failures after the message is stored (issue 20): one that would happen again with the same bytes
 * (a constraint, a parse, a bug) quarantines the message with the error (quarantine.ts), and the
 * source reports success (the MTA does not retry it); only a failure of the environment (the
 * database unreachable, a deadlock: src/db/transient-error.ts) is thrown, so the MTA retries, and is
 * counted (inbound_attempts) for the retry sweep, which retries each undecided message on its own
 * with backoff and quarantines it after MAX_DECIDE_ATTEMPTS. One path decides a message at a time
 * (decision-owner.ts).
 */
import { createHash } from 'node:crypto';
import { findGame, type Game } from '../../db/games.js';
import { holderOfToken } from '../../db/reply-tokens.js';
import { parseReplyAddress } from '../../db/reply-address.js';
import { findUndecidedDue, recordDecideAttempt } from '../../db/inbound-attempts.js';
import { findMessageToDecide, findQueuedBehind, insertInboundMessage, type QueuedMessage } from '../../db/inbound-messages.js';
import { DECIDE_JOB_MAX_ATTEMPTS } from '../../db/receipt-sql.js';
import { rawMessageId } from '../../mail/inbound/message-id.js';
import { decideJobKey, enqueueJob, hasEarlierJobInQueue, removeJob, removeJobs } from '../../db/jobs.js';
import { decideQueues, storeMessages } from './store-message.js';
import { describeFailure, isTransientFailure } from '../../db/transient-error.js';
import { MAX_DECIDE_ATTEMPTS, MAX_MESSAGE_BYTES } from '../../rules/limits.js';
import { findDecision, unknownSenderAnswered } from '../../db/inbound-decisions.js';
import { findPerson, findPersonByEmail, type Person } from '../../db/people.js';
import { findCurrentPositions } from '../../db/positions.js';
import type { Db } from '../../db/schema.js';
import { gameFromAddresses } from '../../rules/submission/index.js';
import { receiveConfirmCopy } from './confirm-copy.js';
import { receiveDeliveryReport } from './delivery-report.js';
import { decide, type Received } from '../../mail/inbound/decide.js';
import { authEvidence, authenticateMessage, decideIdentity, fromAuthenticated, envelopeFromHeaders, secretEvidence, stripSecretLines, type AuthResult, type IdentityDecision } from '../../mail/inbound/identity.js';
import { parseMessage, type InboundMail } from '../../mail/inbound/parse-message.js';
import { gameView } from '../../mail/outbound/queue-mail.js';
import { kindOf } from '../game-kinds.js';
import type { ClaimedIdentity } from '../game-kind.js';
import { findFinishedGame, receiveFinishedGameMail } from './finished-game.js';
import { asksAdvanceCorrection, receiveTdAdvanceMail } from '../tournament/advance-mail.js';
import { findTds } from '../game-people.js';
import { claimDecision, isDecisionConflict } from '../../mail/inbound/decision-owner.js';
import { quarantine, UNREADABLE_NOTICE, type QuarantineContext } from '../../mail/inbound/quarantine.js';
import { mayReply, queueReply, type ReplyContext } from '../../mail/inbound/reply.js';
import { classifyAutomatic } from '../../mail/inbound/automatic-mail.js';
import { headerFields } from '../../mail/inbound/header-fields.js';
import { isPlainAddress, rawFromValues, readRawFromAddress } from '../../mail/inbound/raw-from.js';
import { refuseIdentity } from './identity-refusal.js';
import { namedHolders } from '../../mail/inbound/lookalike.js';
import { log } from '../../config/log.js';
import { candidateGames, gameAddressList, gmtSeconds, loopRisk, type IncomingMessage, type ReceiveContext, type ReceiveOutcome, type StoredMessage } from '../../mail/inbound/intake.js';
import { judgeNow } from '../../config/clock.js';

export { candidateGames, gmtSeconds, loopRisk, rawMessageId, type IncomingMessage, type ReceiveContext, type ReceiveOutcome, type StoredMessage };

/** D.X(6): is the sender who the From line says? The CLI is the operator at the console: trusted. */
async function checkIdentity(ctx: ReceiveContext, msg: IncomingMessage, mail: InboundMail, person: Person, game: Game, fromRecovered = false): Promise<{ decision: IdentityDecision | { ok: true; method: 'operator'; evidence: string }; auth?: AuthResult }> {
  if (msg.source === 'cli') return { decision: { ok: true, method: 'operator', evidence: 'entered by the operator at the command line' } };
  const auth = (await authOf(ctx, msg))!;
  const decision = decideIdentity({ policy: game.policies.identity, auth, fromAddress: mail.from!, registered: true, ...secretEvidence(mail.text, person.secretHash), ...(fromRecovered ? { fromRecovered: true } : {}) });
  return { decision, auth };
}

/** Store, read, decide, answer. Throws only when the message could not be stored, or a failure of the environment. */
export async function receiveMessage(db: Db, ctx: ReceiveContext, msg: IncomingMessage): Promise<ReceiveOutcome> {
  const role = msg.role ?? 'game';
  const messageId = rawMessageId(msg.raw);
  const stored = await insertInboundMessage(db, {
    raw: msg.raw,
    receivedAt: msg.receivedAt,
    source: msg.source,
    mailbox: msg.mailbox ?? null,
    uidvalidity: msg.uidvalidity ?? null,
    uid: msg.uid ?? null,
    messageId: messageId ?? null,
    role,
    ...(msg.envelope ? { envelope: msg.envelope } : {}),
  });
  log().info({ event: 'message.received', inboundId: stored.id, messageId: messageId ?? null, source: msg.source, mailbox: msg.mailbox ?? null, role, receivedAt: msg.receivedAt.toISOString(), bytes: msg.raw.length }, 'message received');
  return decideStored(db, ctx, { ...msg, role, inboundId: stored.id, messageId });
}

/**
 * Decide a stored message once: a duplicate when it is decided already or another path is deciding
 * it; quarantined when deciding fails in a way the same bytes would fail again; a failure of the
 * environment is counted (inbound_attempts) and thrown, unless it was the last attempt allowed,
 * which quarantines the message.
 */
export async function decideStored(db: Db, ctx: ReceiveContext, msg: StoredMessage, options: { undecided?: boolean } = {}): Promise<ReceiveOutcome> {
  const inboundId = msg.inboundId;
  const release = claimDecision(db, inboundId);
  if (!release) return { kind: 'duplicate', inboundId };
  try {
    // `undecided`: the caller has just read that it is not decided (issue 29: one statement fewer). A
    // decision made meanwhile by another path still wins: ours conflicts on the decision's key and rolls back.
    if (!options.undecided && (await findDecision(db, inboundId))) return { kind: 'duplicate', inboundId };
    const now = ctx.now?.() ?? judgeNow();
    const rec: Received = { inboundId, role: msg.role ?? 'game', receivedAt: msg.receivedAt, sha256: createHash('sha256').update(msg.raw).digest('hex'), messageId: msg.messageId, now, ...(ctx.now ? {} : { clock: judgeNow }) };
    const qctx = quarantineContext(ctx, now);
    try {
      // One instant for the whole decision (the one recorded in decided_at, which `reproduce` replays).
      return logDecision(msg, await decideMessage(db, { ...ctx, now: () => now }, qctx, msg, rec));
    } catch (e) {
      // Another process decided it first: its transaction won, ours rolled back whole.
      if (isDecisionConflict(e)) return { kind: 'duplicate', inboundId };
      let failure = e;
      if (!isTransientFailure(e)) {
        try {
          return logDecision(msg, await quarantine(db, qctx, rec, msg.raw, `could not be decided: ${describeFailure(e)}`, UNREADABLE_NOTICE));
        } catch (q) {
          failure = q; // not even the quarantine could be recorded: an attempt like any other, with backoff
        }
      }
      const attempts = await recordDecideAttempt(db, inboundId, describeFailure(failure), now).catch(() => undefined);
      if (isTransientFailure(failure) && attempts !== undefined && attempts >= MAX_DECIDE_ATTEMPTS) {
        const last = await quarantine(db, qctx, rec, msg.raw, `still undecided after ${attempts} attempts: ${describeFailure(failure)}`, UNREADABLE_NOTICE).catch(() => undefined);
        if (last) return logDecision(msg, last);
      }
      throw failure;
    }
  } finally {
    release();
  }
}

/** One log line per decision, carrying the game and the message (src/config/log.ts). */
function logDecision(msg: StoredMessage, outcome: ReceiveOutcome): ReceiveOutcome {
  const o = outcome as ReceiveOutcome & { gameId?: string | null; power?: string; reason?: string; final?: boolean; orderSetId?: number };
  log().info({
    event: 'message.decided', inboundId: msg.inboundId, messageId: msg.messageId ?? null, outcome: outcome.kind,
    game: o.gameId ?? null, ...(o.power ? { power: o.power } : {}), ...(o.reason ? { reason: o.reason } : {}),
    ...(o.orderSetId !== undefined ? { orderSetId: o.orderSetId, final: o.final } : {}),
  }, `message ${outcome.kind}`);
  return outcome;
}

function ownAddresses(ctx: ReceiveContext): string[] {
  return [ctx.fromAddress, ...(ctx.confirmAddress ? [ctx.confirmAddress] : [])];
}

function quarantineContext(ctx: ReceiveContext, now: Date): QuarantineContext {
  return {
    fromAddress: ctx.fromAddress, now, ownAddresses: ownAddresses(ctx), ...(ctx.repliesPerHour ? { repliesPerHour: ctx.repliesPerHour } : {}),
    memberOf: (db, game, person) => kindOf(game).views.member(db, game, person),
  };
}

/** What to tell a registered person whose From header could not be read. */
const UNREADABLE_FROM_NOTICE = {
  subjectNote: 'not read: From line unreadable',
  reason: 'its From line could not be read as one address (an unbalanced parenthesis or quote, or stray bytes), so the judge cannot tell who sent it; the message is kept and the GM can see it',
  remedy: 'send it again from your usual mail program, with only your registered address in From; a set you sent before, if any, stands',
};

/**
 * An automatic message (automatic-mail.ts): recorded, never read as orders; a registered sender is
 * told once a day at most, out of the `automatic` budget (never their own); nobody else is answered.
 */
async function answerAutomatic(db: Db, ctx: ReplyContext, rec: Received, mail: InboundMail, person: Person | undefined, why: string): Promise<ReceiveOutcome> {
  const reason = `automatic mail (${why}): not read, answered at most once a day (RFC 3834)`;
  const answer = person !== undefined && (await mayReply(db, ctx, person.email, 'automatic'));
  const game = person ? (await candidateGames(db, mail))[0] : undefined;
  await db.transaction().execute(async (trx) => {
    if (answer) await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'automatic-reply', { ...(game ? { game: gameView(game) } : {}), receivedAt: gmtSeconds(rec.receivedAt), why }, { key: 'automatic', gameId: game?.id ?? null, to: person!.email });
    await decide(trx, rec, { outcome: 'ignored', reason, fromAddress: mail.from ?? null, gameId: game?.id ?? null, personId: person?.id ?? null, replied: answer, replyBudget: 'automatic' });
  });
  return { kind: 'ignored', inboundId: rec.inboundId, reason };
}

/** What to tell a registered player whose message is over {@link MAX_MESSAGE_BYTES}. */
const TOO_LARGE_NOTICE = {
  subjectNote: 'too large',
  reason: `it is larger than the judge's limit of ${MAX_MESSAGE_BYTES} bytes (${MAX_MESSAGE_BYTES / 1024 / 1024} MiB) per message`,
  remedy: 'send your orders again as plain text in the body of a new message, with no attachments (no pictures, documents or forwarded mail) and without quoting earlier mail; orders need only a few hundred bytes. A set you sent before, if any, stands',
};

/** Read a stored message and decide it (the whole pipeline after storing). */
async function decideMessage(db: Db, ctx: ReceiveContext, qctx: QuarantineContext, msg: StoredMessage, stored: Received): Promise<ReceiveOutcome> {
  let rec = stored;
  const now = rec.now;
  const role = rec.role;
  const inboundId = rec.inboundId;
  // Input past a limit is refused with a message naming the limit (src/rules/limits.ts); the headers alone say who to tell.
  if (msg.raw.length > MAX_MESSAGE_BYTES) return quarantine(db, qctx, rec, msg.raw, `the message is larger than ${MAX_MESSAGE_BYTES} bytes (${msg.raw.length})`, TOO_LARGE_NOTICE);
  const parsed = await parseMessage(msg.raw);
  if (!parsed.ok) return quarantine(db, qctx, rec, msg.raw, parsed.reason, UNREADABLE_NOTICE);
  let mail = parsed.mail;
  // NULs and lone surrogates were taken out of the text: the decision says so (issue 16).
  if (mail.cleaned) rec = { ...rec, textCleaned: mail.cleaned };
  // Issue 27: a delivery report goes to the bounce handler (never answered: it cannot loop).
  if (mail.isBounce) return receiveDeliveryReport(db, ctx, rec, msg.raw, mail);
  // Issue 25: a From header mailparser cannot read (`From: Italy (Player <italy@x>`, a stray byte) is
  // read from the raw header when it holds one address; one that holds none or several is
  // quarantined, visibly, never dropped. A message with no From header at all claims nobody: ignored.
  let fromRecovered: string | undefined;
  const rawFrom = rawFromValues(msg.raw);
  const unreadableFrom = mail.from === undefined ? rawFrom.some((v) => v.trim() !== '') : mail.from.includes('@') && !isPlainAddress(mail.from);
  if (unreadableFrom) {
    fromRecovered = readRawFromAddress(msg.raw);
    if (fromRecovered) mail = { ...mail, from: fromRecovered };
    else {
      return quarantine(db, qctx, rec, msg.raw, 'the From header holds no address the judge can read unambiguously', UNREADABLE_FROM_NOTICE, { envelopeFrom: msg.envelope?.mailFrom || undefined });
    }
  }
  const risk = loopRisk(mail, ownAddresses(ctx));
  if (risk) {
    await decide(db, rec, { outcome: 'ignored', reason: risk, fromAddress: mail.from ?? null, replied: false });
    return { kind: 'ignored', inboundId, reason: risk };
  }
  const from = mail.from!;
  const replyCtx = { fromAddress: ctx.fromAddress, now, ...(ctx.repliesPerHour ? { repliesPerHour: ctx.repliesPerHour } : {}) };
  const person = await findPersonByEmail(db, from);
  // Issue 25 (RFC 3834): automatic mail (an auto-responder, a list, the null sender, a vacation text)
  // is never read as orders and answered at most once a day per address, out of its own budget.
  const automatic = classifyAutomatic({
    headers: headerFields(msg.raw), envelopeMailFrom: msg.envelope?.mailFrom, subject: mail.subject, text: mail.text, inReplyTo: mail.inReplyTo, references: mail.references,
    ownMessageIdDomains: ownAddresses(ctx).map((a) => a.split('@')[1] ?? '').filter((d) => d !== ''),
  });
  if (automatic.automatic) return answerAutomatic(db, { ...replyCtx, automatic: true }, { ...rec, automatic: true }, mail, person, automatic.why);

  if (role === 'confirm') return receiveConfirmCopy(db, { ...replyCtx, confirmAddress: ctx.confirmAddress ?? ctx.fromAddress }, rec, mail, person);

  // Refuse, answering only a registered person (an unknown address gets one generic reply, ever).
  const refuse = async (reason: string, reply: { template: string; context: object } | undefined, gameId: string | null = null): Promise<ReceiveOutcome> => {
    const answer = reply && (person || !(await unknownSenderAnswered(db, from))) && (await mayReply(db, replyCtx, from));
    await db.transaction().execute(async (trx) => {
      if (answer) await queueReply(trx, replyCtx, { inboundId, mail }, reply.template, reply.context, { key: 'refused', gameId });
      await decide(trx, rec, { outcome: 'refused', reason, fromAddress: from, gameId, personId: person?.id ?? null, replied: Boolean(answer) });
    });
    return { kind: 'refused', inboundId, reason };
  };
  // An unregistered sender: answered only when its From is authenticated (no backscatter); a From
  // naming a player or power of the game is reported to that player and the GM (issue 16, D.X(6)).
  const unknown = (game: Game | undefined) => refuseUnknown(db, ctx, replyCtx, msg, rec, mail, game);

  // Issue 16: a reply to a player's reply address (judge+<game>.<token>@…) names its game.
  const replyTo = [...mail.to, ...mail.cc].map((a) => parseReplyAddress(ctx.fromAddress, a)).find((r) => r !== undefined);
  const tokenGame = replyTo ? await findGame(db, replyTo.gameId) : undefined;
  const candidates = await candidateGames(db, tokenGame ? { ...mail, to: [...mail.to, tokenGame.address] } : mail);
  const match = gameFromAddresses(tokenGame ? [...mail.to, ...mail.cc, tokenGame.address] : [...mail.to, ...mail.cc], mail.subject, await gameAddressList(db, candidates));
  if (match.gameId === undefined) {
    if (!person) return unknown(undefined);
    // A finished game's address still answers its people's look-ups (STANDINGS, SUMMARY, HISTORY, MAP,
    // POSITION) and refuses the rest saying the game is over (issue #26, item 5).
    // Issue 26 item 11: the TD's ADVANCE CORRECT to a finished game of the tournament, identity checked
    // as every TD command is (DMARC or the TD's secret).
    const over = asksAdvanceCorrection(stripSecretLines(mail.text)) ? await findFinishedGame(db, mail, tokenGame) : undefined;
    if (over && (await findTds(db, over)).some((p) => p.id === person.id)) {
      const { decision: identity, auth } = await checkIdentity(ctx, msg, mail, person, over, fromRecovered !== undefined);
      const evidence = { method: identity.ok ? identity.method : null, ...(identity.ok ? { evidence: identity.evidence } : { code: identity.code }), ...(auth ? authEvidence(auth) : {}) };
      if (!identity.ok) return refuseIdentity(db, replyCtx, rec, mail, person, over, identity, evidence);
      return receiveTdAdvanceMail(db, replyCtx, rec, mail, person, over, evidence);
    }
    const finished = await receiveFinishedGameMail(db, replyCtx, rec, mail, person, tokenGame);
    if (finished) return finished;
    const which = match.candidates.length > 0 ? `it could be for ${match.candidates.join(', ')}; ` : '';
    return refuse('no game address in To or Cc', {
      template: 'orders-refused',
      context: { subjectNote: 'which game?', receivedAt: gmtSeconds(msg.receivedAt), reason: `the judge could not tell which game it is for: ${which}no game's address is in To or Cc (D.II(2))`, remedy: "send it again with the game's own address in To or Cc" },
    });
  }
  const game = candidates.find((g) => g.id === match.gameId)!;
  if (!person) return unknown(game);
  if (!match.addressed) {
    // D.II(2): a set without the game's address in To or Cc is refused; the reply names the address.
    return refuse('game address not in To or Cc (D.II(2))', {
      template: 'orders-refused',
      context: { game: gameView(game), subjectNote: 'not accepted: address the game', receivedAt: gmtSeconds(msg.receivedAt), reason: `the game's address ${game.address} was not in To or Cc (D.II(2))`, remedy: `send it again to ${game.address}` },
    }, game.id);
  }

  // Possession of the sender's own reply token authenticates the reply (issue 16); anyone else's token does nothing.
  const holder = replyTo && tokenGame?.id === game.id ? await holderOfToken(db, game.id, replyTo.token) : undefined;
  const { decision: identity, auth } = holder?.personId === person.id
    ? { decision: { ok: true as const, method: 'reply-token' as const, evidence: `replied to ${holder.power}'s reply address (the token the judge sent only to this player)` }, auth: undefined }
    : await checkIdentity(ctx, msg, mail, person, game, fromRecovered !== undefined);
  const evidence = { ...(fromRecovered ? { fromRecovered: `From read from the raw header (${fromRecovered}): mailparser could not read it` } : {}), method: identity.ok ? identity.method : null, ...(identity.ok ? { evidence: identity.evidence } : { code: identity.code }), ...(auth ? authEvidence(auth) : {}) };
  if (!identity.ok) return refuseIdentity(db, replyCtx, rec, mail, person, game, identity, evidence);

  return kindOf(game).receive({ db, ctx: replyCtx, rec, mail, person, game, evidence });
}

/**
 * mailauth's verdicts on a message from its source (the CLI's operator is not checked: `undefined`);
 * in a replay, the verdicts the record holds (`ctx.auth.recorded`), not a new DNS lookup.
 */
async function authOf(ctx: ReceiveContext, msg: IncomingMessage): Promise<AuthResult | undefined> {
  if (msg.source === 'cli') return undefined;
  if (ctx.auth?.recorded) return ctx.auth.recorded;
  const envelope = msg.envelope ?? envelopeFromHeaders(msg.raw, { ...(ctx.auth?.internalIps ? { internalIps: ctx.auth.internalIps } : {}) });
  return authenticateMessage(msg.raw, envelope, { ...(ctx.auth?.resolver ? { resolver: ctx.auth.resolver } : {}), ...(ctx.auth?.mta ? { mta: ctx.auth.mta } : {}) });
}

/**
 * A message from an address registered nowhere. Its sender gets the one generic reply only when
 * the From is authenticated (DKIM aligned, SPF or DMARC pass): otherwise anyone could make the judge
 * mail a victim by forging the From (backscatter), and it is recorded silently. When the From names
 * a player or power of the game it is addressed to (lookalike.ts), that player and those who answer
 * for them (the game kind's `claimed`: the GM, D.X(6); a Coalition round's judges, 1.3, 1.6) are
 * told, whether or not the sender is answered.
 */
async function refuseUnknown(
  db: Db,
  ctx: ReceiveContext,
  replyCtx: { fromAddress: string; now: Date; repliesPerHour?: number },
  msg: StoredMessage,
  rec: Received,
  mail: InboundMail,
  game: Game | undefined,
): Promise<ReceiveOutcome> {
  const from = mail.from!;
  const auth = await authOf(ctx, msg);
  const authentic = auth === undefined || fromAuthenticated(auth, from);
  const answer = authentic && !(await unknownSenderAnswered(db, from)) && (await mayReply(db, replyCtx, from));
  // Whose names the From may borrow, and who answers for each, are the game kind's (D.X(6); Coalition 1.6).
  const views = game ? kindOf(game).views : undefined;
  const holders = game && views ? await views.nameHolders(db, game) : [];
  const named = namedHolders({ address: from, name: mail.fromName }, holders.map((h) => ({ power: h.label, name: h.person.name, email: h.person.email, ...(h.whose ? { whose: h.whose } : {}) })));
  const alarms: { n: (typeof named)[number]; claimed: ClaimedIdentity }[] = [];
  for (const n of named) {
    const holder = holders.find((h) => h.label === n.holder.power && h.person.email === n.holder.email)!;
    alarms.push({ n, claimed: await views!.claimed(db, game!, holder.person) });
  }
  await db.transaction().execute(async (trx) => {
    if (answer) await queueReply(trx, replyCtx, { inboundId: rec.inboundId, mail }, 'unknown-sender', { judge: ctx.fromAddress }, { key: 'refused', gameId: game?.id ?? null });
    if (game) {
      const base = { game: gameView(game), from, receivedAt: gmtSeconds(rec.receivedAt), inboundId: rec.inboundId, header: auth?.header ?? '(entered at the command line)', answered: answer };
      for (const { n, claimed } of alarms) {
        const context = { ...base, power: n.holder.power, named: n.how, othersTold: `${claimed.authoritiesWho} ${claimed.authorities.length > 1 ? 'have' : 'has'} been told as well` };
        await queueReply(trx, replyCtx, { inboundId: rec.inboundId, mail }, 'lookalike-alert', { ...context, toGm: false }, { key: 'lookalike', gameId: game.id, to: n.holder.email });
        for (const a of claimed.authorities) await queueReply(trx, replyCtx, { inboundId: rec.inboundId, mail }, 'lookalike-alert', { ...context, toGm: true }, { key: `lookalike-gm-${n.holder.power.toLowerCase()}`, gameId: game.id, to: a.email });
      }
    }
    const identity = {
      method: null, code: 'unregistered', authenticated: authentic,
      ...(auth ? authEvidence(auth) : {}),
      ...(named.length > 0 ? { named: named.map((n) => ({ power: n.holder.power, how: n.how })) } : {}),
    };
    await decide(trx, rec, { outcome: 'refused', reason: 'unregistered', fromAddress: from, gameId: game?.id ?? null, identity, replied: answer });
  });
  return { kind: 'refused', inboundId: rec.inboundId, reason: 'unregistered' };
}

/**
 * Decide stored messages that have no decision yet (a process killed between storing and deciding;
 * a failure of the environment mid-way), oldest first, each on its own: one that fails again is
 * counted and retried later with backoff (quarantined after MAX_DECIDE_ATTEMPTS) and never keeps
 * the others from being decided. Messages stored in the last `graceMs` are left to the process
 * handling them, and so are those another path of this process is deciding. Returns how many were
 * tried.
 */
export async function retryUndecided(
  db: Db,
  ctx: ReceiveContext,
  options: { graceMs?: number; limit?: number; onError?: (inboundId: number, error: Error) => void } = {},
): Promise<number> {
  const now = ctx.now?.() ?? judgeNow();
  const rows = await findUndecidedDue(db, { now, storedBefore: new Date(now.getTime() - (options.graceMs ?? 60_000)), limit: options.limit ?? 100 });
  for (const r of rows) {
    try {
      await decideStored(db, ctx, {
        inboundId: r.id, raw: r.raw, receivedAt: r.receivedAt, source: r.source, role: r.role, messageId: r.messageId ?? undefined,
        ...(r.mailbox !== null ? { mailbox: r.mailbox } : {}), ...(r.uid !== null && r.uidvalidity !== null ? { uid: r.uid, uidvalidity: r.uidvalidity } : {}),
      });
    } catch (e) {
      options.onError?.(r.id, e as Error);
    }
  }
  return rows.length;
}

/**
 * The `decide-message` job (issue 29): decide the stored message `inboundId` (decideStored: once,
 * whoever gets there first; a failure of the environment is thrown, so graphile-worker retries the
 * job with backoff). A message that is gone or decided already is a duplicate.
 */
export async function decideQueued(db: Db, ctx: ReceiveContext, inboundId: number): Promise<ReceiveOutcome> {
  const m = await findMessageToDecide(db, inboundId);
  if (!m || m.decided) return { kind: 'duplicate', inboundId };
  return decideStored(db, ctx, {
    inboundId: m.id, raw: m.raw, receivedAt: m.receivedAt, source: m.source, role: m.role, messageId: m.messageId ?? undefined,
    ...(m.mailbox !== null ? { mailbox: m.mailbox } : {}), ...(m.uid !== null && m.uidvalidity !== null ? { uid: m.uid, uidvalidity: m.uidvalidity } : {}),
    ...(m.envelope ? { envelope: { ip: m.envelope.ip ?? '', helo: m.envelope.helo ?? '', mailFrom: m.envelope.mailFrom ?? '' } } : {}),
  }, { undecided: true });
}

/** How many messages of its queue one `decide-message` job decides at most, and for how long it takes more (issue 29). */
export const DECIDE_BATCH = { messages: 100, ms: 1_000 } as const;

/**
 * The `decide-message` job (issue 29), batched: decide the job's own message (decideQueued), then the
 * messages waiting behind it in the same queue (a game's), in the queue's order, each in its own
 * transaction exactly as its own job would (decideStored): a crash loses nothing (an undecided
 * message keeps its job) and decides nothing twice (a decided one's job, run again, finds it decided).
 * The running job holds the queue's lock, so nobody else takes them meanwhile, and the order of a
 * game's messages is the order they were stored (D.VII(1)). Their jobs are withdrawn in one
 * statement once they are decided. It stops at a message from `mailjudge ingest` (that pipe decides
 * its own message to print the outcome), at a failure of the environment (that message keeps its job,
 * which graphile-worker runs next, with its retries), after {@link DECIDE_BATCH}'s messages or time
 * (other work of the worker waits meanwhile), or when `stopping()` says so. Per message this saves the
 * job's fetch and completion and the message's own read (one read for the batch); each decision reads
 * the game's state again, since the message before may have changed it.
 */
export async function decideQueuedBatch(
  db: Db,
  ctx: ReceiveContext,
  job: { inboundId: number; jobId: string },
  options: { limit?: number; ms?: number; stopping?: () => boolean } = {},
): Promise<{ own: ReceiveOutcome; more: number }> {
  const own = await decideQueued(db, ctx, job.inboundId);
  const limit = options.limit ?? DECIDE_BATCH.messages;
  const end = Date.now() + (options.ms ?? DECIDE_BATCH.ms);
  let more = 0;
  while (more < limit && Date.now() < end && !options.stopping?.()) {
    const queued = await findQueuedBehind(db, job.jobId, Math.min(limit - more, 50));
    if (queued.length === 0) break;
    const done: string[] = [];
    let stop = false;
    try {
      for (const m of queued) {
        if (m.source === 'pipe' || Date.now() >= end || options.stopping?.()) {
          stop = true;
          break;
        }
        if (!m.decided) await decideStored(db, ctx, storedOf(m), { undecided: true });
        done.push(m.jobKey);
        more++;
      }
    } catch (e) {
      // A failure of the environment (decideStored counted the attempt): this message keeps its job.
      log().warn({ event: 'intake.batch-stopped', inboundId: queued[done.length]?.id, error: (e as Error).message }, 'a message of the batch could not be decided now: its own job will retry it');
      stop = true;
    }
    if (done.length > 0) await removeJobs(db, done);
    if (stop || queued.length < 50) break;
  }
  return { own, more };
}

function storedOf(m: QueuedMessage): StoredMessage {
  return {
    inboundId: m.id, raw: m.raw, receivedAt: m.receivedAt, source: m.source, role: m.role, messageId: m.messageId ?? undefined,
    ...(m.mailbox !== null ? { mailbox: m.mailbox } : {}), ...(m.uid !== null && m.uidvalidity !== null ? { uid: m.uid, uidvalidity: m.uidvalidity } : {}),
    ...(m.envelope ? { envelope: { ip: m.envelope.ip ?? '', helo: m.envelope.helo ?? '', mailFrom: m.envelope.mailFrom ?? '' } } : {}),
  };
}

/**
 * The sweep of a running judge (issue 29): every stored message with no decision, due for another
 * attempt, gets its decision job unless it has one (running, waiting or given up: `unsafe_dedupe` on
 * its key), in its game's queue. Covers messages stored before the job queue took over and those
 * stored by `receiveMessage` (the CLI, `demo`) whose decision failed. Returns how many were looked at.
 */
export async function enqueueUndecided(db: Db, ctx: Pick<ReceiveContext, 'fromAddress' | 'now'>, options: { graceMs?: number; limit?: number } = {}): Promise<number> {
  const now = ctx.now?.() ?? judgeNow();
  const rows = await findUndecidedDue(db, { now, storedBefore: new Date(now.getTime() - (options.graceMs ?? 60_000)), limit: options.limit ?? 100 });
  if (rows.length === 0) return 0;
  const queues = await decideQueues(db, ctx.fromAddress, rows.map((r) => ({ raw: r.raw, role: r.role })));
  for (const [i, r] of rows.entries()) {
    await enqueueJob(db, 'decide-message', { inboundId: r.id }, { jobKey: decideJobKey(r.id), jobKeyMode: 'unsafe_dedupe', queueName: queues[i]!, maxAttempts: DECIDE_JOB_MAX_ATTEMPTS });
  }
  return rows.length;
}

/** How long `mailjudge ingest` waits for earlier messages of its game (other pipes, the workers) before leaving its own to the workers. */
export const PIPE_QUEUE_WAIT_MS = 20_000;

/**
 * One message through the queue, for a source that answers with the outcome (`mailjudge ingest`,
 * the MTA's pipe): stored with its job in one transaction; then, once no earlier message of its
 * queue is waiting (other pipes running at the same time, a worker's backlog: waited for up to
 * `waitMs`), decided here and its job withdrawn, so a pipe still prints what the judge decided and
 * a game's order is kept. Still behind earlier messages after the wait: left to the workers
 * (`queued`). A message stored before (an MTA's retry) is decided here too if it is not yet.
 */
export async function receiveThroughQueue(db: Db, ctx: ReceiveContext, msg: IncomingMessage, waitMs = PIPE_QUEUE_WAIT_MS): Promise<ReceiveOutcome | { kind: 'queued'; inboundId: number; queue: string }> {
  const [receipt] = await storeMessages(db, ctx.fromAddress, [msg]);
  return decideReceived(db, ctx, msg, receipt!, waitMs);
}

/**
 * The second half of {@link receiveThroughQueue}, for a message stored already with its job
 * (`receipt`: by storeMessages, or by `mailjudge ingest`'s store path, pipe-receipt.ts): decided here
 * once no earlier message of its queue waits, else left to the workers (`queued`).
 */
export async function decideReceived(
  db: Db,
  ctx: ReceiveContext,
  msg: Pick<IncomingMessage, 'raw' | 'role'>,
  receipt: { readonly inboundId: number; readonly created: boolean; readonly queue?: string | undefined },
  waitMs = PIPE_QUEUE_WAIT_MS,
): Promise<ReceiveOutcome | { kind: 'queued'; inboundId: number; queue: string }> {
  const { inboundId, created } = receipt;
  if (!created && (await findDecision(db, inboundId))) return { kind: 'duplicate', inboundId };
  const queue = receipt.queue ?? (await decideQueues(db, ctx.fromAddress, [msg]))[0]!;
  const key = decideJobKey(inboundId);
  for (const end = Date.now() + waitMs; await hasEarlierJobInQueue(db, queue, key); ) {
    if (Date.now() > end) return { kind: 'queued', inboundId, queue };
    await new Promise((r) => setTimeout(r, 50));
  }
  const outcome = await decideQueued(db, ctx, inboundId);
  await removeJob(db, key).catch(() => undefined); // a worker that took it meanwhile finds it decided
  return outcome;
}
