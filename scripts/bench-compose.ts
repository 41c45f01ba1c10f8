/**
 * `npm run bench:compose` (issue 29, stop 46): CPU per composed outbound mail, the direct composer
 * (mime-bytes.ts) against nodemailer's streaming MailComposer, in one process, alternately.
 *
 * The mails of a deadline: per board, 8 results mails (7 players and the GM: the report's text, a
 * calendar event, the two map pictures of 128 and 140 KiB, random bytes new for every board, so each
 * board's pictures are prepared once as in the judge) and 8 acknowledgements (a short text, threaded).
 * Each board's 8 mails of a kind are composed at once (`Promise.all`), as the send job does.
 * Measured: the process's CPU time (user + system, `process.cpuUsage`: the load of other processes
 * does not count) per mail, for acknowledgements, results unsigned and results DKIM-signed
 * (2048-bit RSA), in ROUNDS rounds, the two composers' blocks alternating and their order swapped
 * every round; the median of the rounds is reported.
 *
 *   npm run bench:compose
 *   BENCH_BOARDS=20 BENCH_ROUNDS=6 node --expose-gc dist/scripts/bench-compose.js
 *   BENCH_COMPOSE_OLD=/path/to/older/dist/src/mail/outbound/send.js …   "old" = that build's composeMail
 *
 * "old" is by default this build's composeMail with `composer: 'nodemailer'` (the MailComposer
 * stream, everything else the same). One summary line on stdout; the figures as JSON under bench-results/.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OutboxAttachment, OutboxMail } from '../src/db/outbox.js';
import { composeMail, type DkimOptions } from '../src/mail/outbound/send.js';
import { mulberry32 } from '../test/helpers/mulberry32.js';

const BOARDS = Number(process.env.BENCH_BOARDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const OLD = process.env.BENCH_COMPOSE_OLD;
const FROM = 'judge@judge.example.org';

type Compose = (mail: OutboxMail, from: string, dkim?: DkimOptions) => Promise<Buffer>;
const composers: Record<'old' | 'new', Compose> = {
  old: OLD ? ((await import(pathToFileURL(OLD).href)) as { composeMail: Compose }).composeMail : (m, f, d) => composeMail(m, f, d, { composer: 'nodemailer' }),
  new: (m, f, d) => composeMail(m, f, d),
};

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const DKIM: DkimOptions = { domainName: 'judge.example.org', keySelector: 'mj1', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };

function bytes(n: number, seed: number): Buffer {
  const rand = mulberry32(seed);
  const b = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) b[i] = Math.floor(rand() * 256);
  return b;
}

const REPORT = [
  'Board 3: Spring 1901 Movement (S1901M)', '',
  ...['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'].flatMap((p) => [`${p}:`, '  A BUD - SER                  moves', '  F TRI - ALB                  moves', '  A VIE - GAL                  bounces: standoff with WAR', '']),
  'Your units (FRANCE): A BUR, F MAO, A SPA', 'Your 3 centres: BRE, MAR, PAR', '',
  'The map of this position is attached (wm-r1-b3-S1901M.png), and the same laid out for a phone',
  '(wm-r1-b3-S1901M-phone.png); reply MAPS WIDE, MAPS PHONE or MAPS NONE to receive one or none.',
  'Deadline: Tuesday 15 January 2030, 15:00 GMT', '', '--', 'mailjudge for Board 3 (wm-r1-b3). Orders to wm-r1-b3@judge.example.org; send HELP for the commands.', '',
].join('\n');
const EVENT_TEXT = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//mailjudge//EN\r\nMETHOD:PUBLISH\r\nBEGIN:VEVENT\r\nUID:b-F1901M@judge.example.org\r\nDTSTAMP:20300111T140000Z\r\nDTSTART:20300115T150000Z\r\nSUMMARY:F1901M deadline\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

function mail(board: number, k: number, over: Partial<OutboxMail>, seed = 0): OutboxMail {
  const to = `p${k}@players.example.org`;
  return {
    id: board * 100 + k, dedupeKey: `x:b${board}:${to}`, gameId: `wm-r1-b${board}`, kind: 'orders-received', fromAddress: null, to,
    subject: `[wm-r1-b${board}] FRANCE S1901M: orders received (FINAL)`, bodyText: 'F BRE - MAO\nA PAR - BUR\nA MAR - SPA\nFinal\n',
    // The player's own message: new in every round, as an acknowledgement answers a new message.
    headers: { 'Reply-To': `judge+wm-r1-b${board}.abcd${k}efg@judge.example.org`, 'In-Reply-To': `<m${seed}.${board}.${k}@players.example.org>`, References: `<m${seed}.${board}.${k}@players.example.org>` },
    attachments: [], messageId: `${seed.toString(16)}${board.toString(16).padStart(8, '0')}${k}@judge.example.org`,
    status: 'pending', attempts: 0, lastError: null, createdAt: new Date('2030-01-11T14:00:05Z'), sentAt: null, ...over,
  };
}

/** A board's 8 results mails (its own pictures) and 8 acknowledgements; `seed` makes the pictures new. */
function board(b: number, seed: number): { results: OutboxMail[]; acks: OutboxMail[] } {
  const pictures: OutboxAttachment[] = [
    { filename: `wm-r1-b${b}-S1901M.png`, contentType: 'image/png', cid: `map-wide.b${b}@judge.example.org`, content: bytes(131_072, seed).toString('base64') },
    { filename: `wm-r1-b${b}-S1901M-phone.png`, contentType: 'image/png', cid: `map-phone.b${b}@judge.example.org`, content: bytes(143_360, seed + 1).toString('base64') },
  ];
  const event: OutboxAttachment = { filename: `wm-r1-b${b}-F1901M.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', calendarMethod: 'PUBLISH', content: Buffer.from(EVENT_TEXT).toString('base64') };
  const results = Array.from({ length: 8 }, (_, k) => mail(b, k, { kind: 'adjudication-report', subject: `[wm-r1-b${b}] Spring 1901 Movement (S1901M) results`, bodyText: REPORT, headers: { 'Reply-To': `judge+wm-r1-b${b}.abcd${k}efg@judge.example.org` }, attachments: [event, ...pictures] }, seed));
  const acks = Array.from({ length: 8 }, (_, k) => mail(b, k, {}, seed));
  return { results, acks };
}

type Kind = 'ack' | 'results' | 'resultsSigned';
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU ms per mail of each kind for `BOARDS` fresh boards, composed by `compose`. */
async function block(compose: Compose, seed: number): Promise<Record<Kind, number>> {
  const boards = Array.from({ length: BOARDS }, (_, b) => board(b, seed + b * 2));
  const out = {} as Record<Kind, number>;
  let bytesOut = 0;
  for (const kind of ['ack', 'results', 'resultsSigned'] as Kind[]) {
    (globalThis as { gc?: () => void }).gc?.();
    const t0 = cpuMs();
    for (const bd of boards) {
      const mails = kind === 'ack' ? bd.acks : bd.results;
      const raws = await Promise.all(mails.map((m) => compose(m, FROM, kind === 'resultsSigned' ? DKIM : undefined)));
      for (const r of raws) bytesOut += r.length;
    }
    out[kind] = (cpuMs() - t0) / (boards.length * 8);
  }
  if (bytesOut === 0) throw new Error('nothing composed');
  return out;
}

async function main(): Promise<void> {
  const load0 = loadavg();
  // Warm-up (JIT), both composers, and the same mail from each compared once.
  for (const c of [composers.old, composers.new]) await block(c, 1);
  const probe = board(0, 3).results[0]!;
  const [a, b] = [await composers.old(probe, FROM), await composers.new(probe, FROM)];
  const norm = (x: Buffer) => x.toString('latin1').replace(/--_NmP-[0-9a-f]{16}-Part_/g, '--_NmP-<b>-Part_');
  if (norm(a) !== norm(b)) throw new Error('the two composers disagree on a results mail');
  const rounds: { old: Record<Kind, number>; new: Record<Kind, number> }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? (['old', 'new'] as const) : (['new', 'old'] as const);
    const round = {} as { old: Record<Kind, number>; new: Record<Kind, number> };
    for (const which of order) round[which] = await block(composers[which], 1000 + r * 100);
    rounds.push(round);
    console.log(`round ${r + 1}: ${(['ack', 'results', 'resultsSigned'] as Kind[]).map((k) => `${k} ${round.old[k].toFixed(3)} → ${round.new[k].toFixed(3)} ms`).join(', ')}`);
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const med = (w: 'old' | 'new', k: Kind) => median(rounds.map((r) => r[w][k]));
  const summary = Object.fromEntries((['ack', 'results', 'resultsSigned'] as Kind[]).map((k) => [k, { oldMs: med('old', k), newMs: med('new', k) }]));
  const load1 = loadavg();
  mkdirSync('bench-results', { recursive: true });
  const at = new Date().toISOString();
  const file = join('bench-results', `bench-compose-${at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ benchmark: 'bench:compose', at, cores: cpus().length, load: [load0, load1], settings: { boards: BOARDS, rounds: ROUNDS, old: OLD ?? "composeMail({ composer: 'nodemailer' })" }, cpuMsPerMail: summary, rounds }, null, 2)}\n`);
  const f = (k: Kind) => `${k} ${med('old', k).toFixed(2)} → ${med('new', k).toFixed(2)} ms`;
  console.log(`bench:compose ${BOARDS} boards × 8 mails, ${ROUNDS} rounds, CPU per mail (median) old → new: ${f('ack')}, ${f('results')}, ${f('resultsSigned')}; load ${load0.map((l) => l.toFixed(1)).join(' ')} (${file})`);
}

await main();
