/**
 * `npm run rehearse` (issue 30): a World Masters event played round after round through real mail,
 * on a fast clock, with the judge SIGKILLed in the middle of deadlines. Nothing is mocked:
 *
 * - a private Postfix delivering into a private Dovecot (test/helpers/mail-servers-process.ts); every
 *   game address `rh-r<r>-b<n>@judge.example.org` is aliased into the judge's one mailbox;
 * - an embedded PostgreSQL; `mailjudge start` as a child process (restarted after each SIGKILL, as a
 *   service manager would) reading that mailbox over IMAP and sending through Postfix;
 * - the TD registers the teams from a CSV and seats round 1 with the CLI; when every player has round
 *   r's standings mail, the TD runs `tournament advance --round r` and `tournament assign --round r+1
 *   --commit` (docs/tds.md), and the players learn their new board from its game-start mail;
 * - scripted players read the judge's mail from their own Dovecot mailboxes (imapflow, a few connections
 *   reading them all through Dovecot's shared namespace: scripts/rehearse/mailbox-reader.ts) and write
 *   their orders from the position the judge MAILED them (the start mail, the results mail), never
 *   from the database: mixed styles (upper, lower, title case, full province names; quoted replies,
 *   HTML only, text and HTML), sometimes a preliminary set and then a Final one, a few illegal orders,
 *   a few NMRs (after 1901: D.VII(6)), press, late sets on purpose (D.VII(3)), and proposals and
 *   votes that end the last round's first boards by a draw or a concession (D.IX), an extension
 *   request on round 1's board 1 that the GM grants by mail (D.VII(5)), and a temporary stand-in on
 *   round 1's board 2, the CSV's reserve, put there by the GM's REPLACE mail (B.7);
 * - the judge's clock runs `--speed` times fast (MAILJUDGE_CLOCK_*, src/config/clock.ts).
 *
 * At the end it counts, from the database and the mailboxes, what happened to every message and
 * phase, compares each round's standings the judge mailed with an independent recomputation through
 * the pure `tournament score` contract (DESIGN.md) from the final centres (and results by vote) the
 * judge mailed, runs `mailjudge reproduce` on every game, prints one summary line and writes
 * bench-results/rehearse.json.
 *
 *   npm run rehearse -- --teams 2 --rounds 2 --end-years 1902,1901 --kills 1 --seed rehearsal
 *
 * Options: --teams N (7 players each; default 2), --rounds N (default 2; at most 2 with fewer than 7
 * teams, 3 with fewer than 42, else 4), --end-years Y[,Y…] (each round's end year; default
 * 1902,1901), --kills N (default 3), --seed TEXT, --speed S|auto (simulated seconds per real second;
 * default auto: 14400 up to 2 teams, 3600 up to 21, 1440 up to 49, 720 beyond, see autoSpeed),
 * --speed-scale F (the auto speeds times F, at most 14400; default 1), --speeds A,B,… (each round's speed,
 * a shorter list repeating its last; the judges restarted between rounds as with auto), --nmrs N (default 2), --votes N (last-round boards ended by vote; default 2),
 * --late N (late sets on purpose; default 2), --extensions N and --replacements N (0 turns the
 * extension request or the stand-in off; default 1), --calendar-mail (reminders and GM digests on; off by
 * default, see docs/rehearsal.md), --processes N (the judge as N `mailjudge start` processes on the one
 * database: ingest,scheduler; all; worker…) or --roles "R;R;…" (each process's --role, `;` between
 * processes), --timeout S (give up after S real seconds of play; default 600), --captains N (the B.8(c)
 * captain's replacement on a round-1 board; default 1, 0 off), --reader-connections N (the players' IMAP
 * connections; default 4), --full (147 teams, four rounds to 1909/1909/1912/1915, 20 kills, the
 * auto clock, an 8-hour timeout; run whole in 47 minutes with --speeds 2880,5760,7200,14400 on an idle
 * machine, docs/rehearsal.md, "Stop 47: --full whole").
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { realAt, simulatedAt, type ClockSetting } from '../src/config/clock.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { secondRoundBoards } from '../src/tournament/structure/second-round-boards.js';
import { armyNeighbours, fleetNeighbours, homeCentres, parsePhase, phaseIndex, POWERS, provinceOf, STANDARD_MAP, type Power } from '../src/diplomacy/index.js';
import { freePort } from '../test/helpers/free-port.js';
import { MAIL_PASSWORD } from '../test/helpers/mail-servers-context.js';
import { startMailServers } from '../test/helpers/mail-servers-process.js';
import { processStat, treeUsage } from './process-tree.js';
import { MailboxReader, type ReaderFigures } from './rehearse/mailbox-reader.js';
import { mulberry32 } from '../test/helpers/mulberry32.js';

/** The repository: the nearest folder with a package.json above this file (dist/scripts/ or scripts/). */
const ROOT = ((): string => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const SLUG = 'rh';
const JUDGE = 'judge@judge.example.org';
const GM = 'gm@example.org';
const TD = 'td@example.org';
/** The scripted players' reading login (the shared namespace, scripts/rehearse/mailbox-reader.ts); not a player. */
const READER = 'players-reader@example.org';
/**
 * The movement turn of a board where the GM puts in a replacement (D.VII(4)(a): the GM "may … slow
 * down the timing"), so that the newcomer's first set, five mails down the line (the REPLACE, its
 * decision, the take-over mail, his reading it, his set), is in before the deadline on a loaded
 * machine: at load 10 a 72-hour turn (18 real seconds) was missed once, and F1901M's results were
 * withheld (D.VII(6)(b)). A calendar setting, not the GM's `EXTEND` by mail: an extension is an
 * `extensions` row, whose serial id is in the announcement's outbox key, and two boards' extensions
 * in the same minutes take their ids in an order `reproduce --tournament` need not repeat (found at
 * 7 teams: the key `extension-request:2:…` replayed as `…:3:…`).
 */
const REPLACEMENT_BOARD_HOURS = 120;
/** The simulated instant the rehearsal's clock starts from. */
const ORIGIN = new Date('2027-03-01T00:00:00Z');

export interface RehearsalOptions {
  readonly teams: number;
  readonly rounds: number;
  readonly endYears: readonly number[];
  readonly kills: number;
  readonly seed: string;
  /** Simulated seconds per real second; omitted: `autoSpeed(teams)`, from round 1's boards (docs/rehearsal.md, "The clock"). */
  readonly speed?: number;
  /**
   * `--speed-scale F`: the auto clock's speeds times F, none above 14,400× (the fastest measured to
   * hold a turn's results, at 2 boards). For a machine faster than the loaded one autoSpeed was
   * measured on: D.VII(2)'s 24 hours a phase are what `--full` waits most of its time for.
   */
  readonly speedScale?: number;
  /** `--speeds A,B,…`: each round's speed (a shorter list repeats its last), instead of auto's. */
  readonly speeds?: readonly number[];
  /**
   * `--reproduce-alone one|all|none`: after `reproduce --tournament`, `reproduce --game` of each game
   * alone, as a TD checks one disputed game: `one` (default) the last round's first board (rounds ≥ 2),
   * `all` every game of the event, `none` no game.
   */
  readonly reproduceAlone?: 'one' | 'all' | 'none';
  readonly nmrs: number;
  /**
   * Games of the last round ended early by vote (D.IX): board 1 by a draw leaving out the survivor
   * with the fewest centres (D.IX(4)), board 2 by the concession of the win to the leader (D.IX(3)),
   * and so on alternately; proposed with the Fall orders of the round's end year (default 2).
   */
  readonly votes?: number;
  /** Players who send a set again after its phase was adjudicated, to be refused as late (default 2). */
  readonly late?: number;
  /** Extension requests on round 1's board 1 (two requests: the guaranteed and one the GM grants by mail); 0 turns them off (default 1). */
  readonly extensions?: number;
  /** A temporary replacement on round 1's board 2, a reserve from the CSV standing in by the GM's REPLACE mail (B.7); 0 turns it off (default 1). */
  readonly replacements?: number;
  /** Reminders and GM digests on (default off; see docs/rehearsal.md, "Still open"). */
  readonly calendarMail?: boolean;
  /**
   * The judge as several `mailjudge start` processes on the one database, one entry per process with
   * its `--role` (`all`, `ingest`, `worker`, `scheduler`, or several joined by commas; docs/scaling.md
   * "Several judges"), e.g. `['ingest,scheduler', 'all', 'worker']`. Each has a state directory of its
   * own, is SIGKILLed in its turn (`--kills` spread over them in a seeded order) and restarted with the
   * same roles, as a service manager would. Default: one process, `all`.
   */
  readonly processes?: readonly string[];
  /** Give up after this many real seconds (default 600). */
  readonly timeoutSeconds?: number;
  /**
   * B.8(c) on a round-1 board (0 turns it off; default 1): a player NMRs in S<end year>M and stays
   * silent; his team captain, the default replacement in the first round, takes the position by mail.
   */
  readonly captains?: number;
  /** The players' IMAP connections (scripts/rehearse/mailbox-reader.ts; default 4, at most 8). */
  readonly readerConnections?: number;
  /** What the players fetch of a message: `shown` (default: the text and the standings CSV) or `whole` (stop 43's reader). */
  readonly readerFetch?: 'shown' | 'whole';
  /** Look only where Dovecot's log says it delivered, with a full sweep every 5 s (default true); false: STATUS of every mailbox every pass. */
  readonly readerLog?: boolean;
  readonly log?: (line: string) => void;
  /** Where bench-results/rehearse.json goes (default the repository's bench-results/). */
  readonly resultsDir?: string;
}

/**
 * The small default: 2 teams, 2 rounds, the judge as three processes (ingest,scheduler; all; worker:
 * the deployment docs/scaling.md "Several judges" describes), each SIGKILLed once.
 */
export const DEFAULT_OPTIONS: RehearsalOptions = { teams: 2, rounds: 2, endYears: [1902, 1901], kills: 3, seed: 'rehearsal', nmrs: 2, processes: ['ingest,scheduler', 'all', 'worker'] };

/**
 * The clock's default speed for an event whose first round has `boards` boards (one per team, B.6).
 * The shortest turn the rehearsal gives is 72 hours (D.VII(4)(a)'s movement minimum; retreats and
 * adjustments too): it must hold a deadline's results for every board (adjudication, the report with
 * its map pictures, 8 mails per board through Postfix into Dovecot), the players' read pass, their
 * 1-second wait for the receipt times and their set, with room to spare on two loaded cores. Measured
 * (docs/rehearsal.md, "The clock's speed"; loads 10–20): adjudication → last results read p99 under
 * 10 s at 2 boards, 79 s at 7 boards on 14,400× (its 18-s turns broke: sets late, unplanned NMRs),
 * 72 s at 21 boards; at 49 boards and 3,600× players read their start mail after the 240-s first
 * deadline. At 14,400× a 72-hour turn is 18 s, at 3,600× 72 s, at 1,440× 180 s, at 720× 360 s. So:
 * 14,400× up to 2 boards (the CI default), 3,600× up to 21, 1,440× up to 49, 720× beyond (--full).
 */
export function autoSpeed(boards: number, scale = 1): number {
  const base = boards <= 2 ? 14_400 : boards <= 21 ? 3_600 : boards <= 49 ? 1_440 : 720;
  return Math.max(base, Math.min(14_400, Math.round(base * scale)));
}

/**
 * The boards of round `round` of an event of `teams` teams (B.4, B.6, C.9): round 1 one per team; with
 * 42 teams or more round 2 is the second team round (secondRoundBoards), then the semi-final of seven
 * boards and the final of one; with fewer, round 2 is the semi-final (min(7, teams) boards) and round
 * 3 the final.
 */
export function boardsOfRound(teams: number, round: number): number {
  if (round === 1) return teams;
  const second = secondRoundBoards(teams);
  if (second.teamRound) return round === 2 ? second.round2Boards : round === 3 ? 7 : 1;
  return round === 2 ? second.round2Boards : 1;
}

/**
 * `--processes N`: N judge processes laid out as docs/scaling.md's "Several judges" test does: the
 * first `ingest,scheduler` (started first, it takes the intake lock), the second `all` (the intake's
 * standby, a second scheduler, a worker), the rest `worker`. One process is `all`.
 */
export function processLayout(n: number): string[] {
  if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error(`--processes ${n}: give a whole number from 1 to 8`);
  return n === 1 ? ['all'] : ['ingest,scheduler', 'all', ...Array.from({ length: n - 2 }, () => 'worker')];
}

/** The roles of each process, checked: some process must ingest, one work, one schedule (or the event stalls). */
export function checkLayout(processes: readonly string[]): string[] {
  const roles = processes.map((p) => {
    const parts = p.split(',').map((x) => x.trim().toLowerCase()).filter(Boolean);
    for (const x of parts) if (!['all', 'ingest', 'worker', 'scheduler'].includes(x)) throw new Error(`--roles "${processes.join(';')}": "${x}" is not a role; give all, ingest, worker, scheduler, or several joined by commas, one process per ";"`);
    if (parts.length === 0) throw new Error(`--roles "${processes.join(';')}": a process with no role`);
    return parts.includes('all') ? ['ingest', 'worker', 'scheduler'] : parts;
  });
  for (const need of ['ingest', 'worker', 'scheduler']) {
    if (!roles.some((r) => r.includes(need))) throw new Error(`--roles "${processes.join(';')}": no process has the ${need} role, so the event would stall`);
  }
  return roles.map((r) => (r.length === 3 ? 'all' : r.join(',')));
}

/**
 * How many rounds an event of `teams` teams has, and how many of them the seating can fill (B.1, B.4,
 * C.9; src/service/tournament/standings.ts `stagesOf`): 42 teams or more play two team rounds, the
 * semi-final and the final; fewer play round 1, then round 2 *becomes the semi-final* (B.4) and round 3
 * is the final. The semi-final has min(7, teams) boards and sends one player per board to the final
 * (C.9), so a final of seven needs seven semi-final boards: with fewer than 7 teams the event stops
 * after the semi-final (the TD's only option there, `--declined` (C.10), replaces a finalist, it adds
 * none).
 */
export function playableRounds(teams: number): number {
  return teams >= 42 ? 4 : teams >= 7 ? 3 : 2;
}

/** Round r's end year: `--end-years` gives one per round; a shorter list repeats its last. */
export function endYearOfRound(o: Pick<RehearsalOptions, 'endYears'>, round: number): number {
  return o.endYears[round - 1] ?? o.endYears[o.endYears.length - 1] ?? 1902;
}

/**
 * Team t's letters, as a spreadsheet names its columns: A … Z, AA … AZ, BA …: 147 teams end at EQ.
 * (`String.fromCharCode(65 + t)` gave "Team [" at t = 26 and "Team a" at t = 32, the same team as
 * "Team A" to the registration, which compares names without case: found at 49 teams.)
 */
export function teamLetters(t: number): string {
  return t < 26 ? String.fromCharCode(65 + t) : `${teamLetters(Math.floor(t / 26) - 1)}${String.fromCharCode(65 + (t % 26))}`;
}

/** What `bench-results/rehearse.json` holds. */
export interface RehearsalSummary {
  teams: number;
  rounds: number;
  games: number;
  kills: number;
  wallSeconds: number;
  /** The clock's speed at the start (round 1). */
  speed: number;
  /** Each round's speed where --speed auto raised it (round 1 first), and the real second of the run it took effect. */
  speeds: { round: number; speed: number; fromRealSecond: number }[];
  seed: string;
  /** The machine's 1-minute load average at the start, its highest at the 30-second progress lines, and at the end (the machine is shared). */
  loadAverage: { start: number; peak: number; end: number };
  messages: { sent: number; stored: number; decided: number; acknowledged: number };
  /** What the judge decided about the players' messages (inbound_decisions.outcome). */
  outcomes: Record<string, number>;
  lost: number;
  /** Messages stored or decided twice, or acknowledged by two different mails (two outbox rows). */
  duplicated: number;
  /**
   * The same mail (one Message-ID) delivered again to its recipient: a judge killed after the mail
   * server accepted it and before the outbox row was marked sent resends it with its Message-ID
   * (SMTP's at-least-once, RFC 5321 §6.1; mail readers show one message). At most one per mail in
   * flight at a kill.
   */
  redelivered: number;
  phases: { expected: number; adjudicated: number; adjudicatedTwice: number };
  resultMails: { expected: number; delivered: number; duplicated: number; redelivered: number };
  outsideEvent: number;
  gamesReproduced: number;
  /** `reproduce --game` of each game `--reproduce-alone` names, alone (null: none): what a TD runs on a dispute; `differing` with `all`. */
  gameReproducedAlone: { game: string; matched: boolean; differing?: string[] } | null;
  /** The TD's `audit` of FRANCE on the last round's first board (chain and archive verified) and `reveal-seed | dice verify` (every audited roll, the commitment). */
  tdTools: { audit: { game: string; verified: boolean; ms: number } | null; dice: { rolls: number; verified: boolean } | null };
  /** True when every round's mailed standings equal the recomputation (standingsByRound). */
  standingsMatch: boolean;
  standingsDetail: string;
  standingsByRound: { round: number; match: boolean; detail: string }[];
  nmrs: number;
  /** Games that a passed proposal ended, and the mails announcing it (every player, the GM and the TD: 9 per game). */
  endedByVote: { games: number; proposals: number; voteResultMails: { expected: number; delivered: number } };
  preliminarySets: number;
  illegalOrders: number;
  /** The forms of the players' mails (besides upper, lower, title case and full names in every set). */
  styles: { quotedReplies: number; htmlOnly: number; htmlAlternative: number };
  /** Sets sent again after their phase was adjudicated, and how many the judge refused as late (D.VII(3)). */
  lateSets: { sent: number; refusedLate: number };
  /** Press sent with orders, and how many came out in the results to every player and the GM (8 copies each). */
  press: { sent: number; published: number };
  /**
   * D.VII(5) on round 1's board 1: a player's requests (the guaranteed one, granted at once, and a
   * second one the judge passes to the GM), the extensions granted (`byGm`: by the GM's `EXTEND
   * <POWER>` mail), the GM's answers sent, and the board's players whose deadline-changed mails show
   * both new deadlines, 72 and then 24 hours past the one before, the last equal to the phase's deadline.
   * Then a third request (`REQUEST EXTENSION OF 2 DAYS`), which the GM refuses by mail (`REFUSE
   * EXTENSION <POWER>`): `refused` (extensions rows refused in answer to it), and `refusalRead` (1 when
   * the requester's mail says the GM declined a further extension of 48 hours under D.VII(5) and gives
   * the deadline he last read, unchanged, which is the phase's deadline).
   */
  extensions: { requested: number; granted: number; byGm: number; refused: number; gmAnswers: number; announced: number; players: number; refusalRead: number };
  /**
   * B.7 on round 1's board 2: the GM's `REPLACE <POWER> <reserve> … UNTIL S1902M` mails (`gmMails`),
   * the temporary replacements the judge recorded, the stand-in's sets taken as orders (from the mail
   * the reserve received), the periods that ended with the player back (`returned`), the player's own
   * sets after it, the stand-in's results mails (outside `resultMails`), and whether the round's
   * standings give the position's score to the player of record (a temporary stand-in makes nobody
   * permanent, B.7).
   */
  replacements: { gmMails: number; temporary: number; standInSets: number; returned: number; playerSetsAfter: number; standInResultMails: number; scoredToPlayer: boolean };
  /**
   * B.7, B.8 on the last round's board 1 (with 2 rounds or more and the reserve): the player asks to be
   * replaced, and when the GM reads S1901M's results he mails `REPLACE <POWER> <reserve> <name>` (no
   * UNTIL: permanent). `gmMails`; `permanent` (`position.replace` audit entries of kind permanent);
   * `announced`: readers (the board's seven players of S1901M, the GM, the reserve) of the mail saying
   * the reserve "is now the player of <POWER>, replacing <player>: a permanent replacement" (9 expected);
   * `takeOverRead`: 1 when the reserve's "You take over <POWER>" mail says he plays it "as a replacement
   * (rule B.8)" and lists as his units exactly the power's units in the S1901M results the GM read;
   * `replacementSets`: the reserve's sets decided as orders there; `rows`: the round's standings CSV
   * rows for that game and power (2: the player and the reserve, each with his pro-rated score, C.14,
   * checked within `standingsMatch`).
   */
  permanent: { gmMails: number; permanent: number; announced: number; takeOverRead: number; replacementSets: number; rows: number; players: string[] };
  /**
   * B.8(c) on a round-1 board (`--captains`): a player NMRs in S<end year>M and stays silent; after
   * his contact period (D.VII(6)(a)) the judge makes his team captain the default replacement. Read by
   * hand from the rule: `nmrNoticeRead` (the captain's B.8(b) NMR notice names the player, power and
   * phase), `requestRead` (the captain's "A replacement for" mail: the cause, B.8(c), the game's
   * address), `positionRead` (the captain's POSITION reply lists as the power's units exactly those of
   * the NMR phase's results the GM read), `captainSets` (his sets for the power decided as orders),
   * `confirmed` (`position.replace` audit entries of kind permanent under B.8(c)), `announced` (readers
   * of "<captain> is now the player of <POWER>, replacing <player>: a permanent replacement." with its
   * B.8(c) reason, of `readers`: the board's 7 players as seated, the GM, the captain), and the round's
   * standings rows for the position (checked in `standingsMatch`, C.14): the player's only, since the
   * captain advances on his own board, the first game in which he was permanent (C.15).
   */
  captain: { game: string; power: string; player: string; captain: string; nmrNoticeRead: number; requestRead: number; positionRead: number; captainSets: number; confirmed: number; announced: number; readers: number; rows: number; players: string[] } | undefined;
  deliveryToAckMs: { p50: number; p99: number };
  busiestSecond: { messages: number };
  /**
   * The players' side: the read passes of the few IMAP connections that read every player's, the GM's
   * and the TD's mailbox (scripts/rehearse/mailbox-reader.ts), and the script's own time split (`stages`).
   */
  playersReader: ReaderFigures;
  /**
   * Where the time goes, in real time: the timeline (start-up, each round until every player had its
   * standings, the counting, `reproduce`); the players (a mail read → the Final set sent, the 1-second
   * wait for the receipt times included; the read passes); the intake (sent → stored by the judge;
   * stored → the acknowledgement read by the sender); the deadlines (phases adjudicated at or after
   * their deadline rather than early, the job's lag behind the deadline, and adjudication → the last of
   * the phase's results mails read).
   */
  stages: {
    timeline: { setupSeconds: number; roundSeconds: number[]; countingSeconds: number; reproduceSeconds: number };
    players: { readToFinalSetMs: Pcts; readPassMs: ReaderFigures['passMs'] };
    intake: { sentToStoredMs: Pcts; storedToAckReadMs: Pcts };
    deadlines: { phases: number; atDeadline: number; jobLagMs: Pcts; adjudicatedToLastResultsReadMs: Pcts };
  };
  /**
   * `judge`: all judge processes together (CPU summed, the highest peak RSS, incarnations summed);
   * `judges`: each process (`--processes`), with its share of the work; `unattributed`: work done by a
   * connection without a judge's name (a CLI command the TD or GM ran, e.g. the mails `tournament
   * assign` queues are sent by a worker, but a row it writes itself has no judge's name).
   */
  processes: { judge: ProcessFigures; judges: JudgeProcessFigures[]; unattributed: { stored: number; decided: number; adjudicated: number; sent: number }; postgres: ProcessFigures; mailServers: ProcessFigures & { dovecotCpuSeconds: number; postfixCpuSeconds: number }; script: ProcessFigures };
}

interface ProcessFigures { cpuSeconds: number; peakRssMb: number; incarnations?: number }
interface Pcts { p50: number; p99: number; max: number }

/**
 * One judge process of several (`--processes`): its roles, its figures over all its incarnations, the
 * SIGKILLs it took, the application_name of each incarnation (`mailjudge/<roles>/<host>:<pid>`), and its
 * share of the work as the 0030 columns record it: messages stored (inbound_messages.stored_by),
 * decided (inbound_decisions.decided_by), phases adjudicated (phases.adjudicated_by), mails sent
 * (outbox.sent_by).
 */
export interface JudgeProcessFigures {
  label: string;
  roles: string;
  incarnations: number;
  kills: number;
  /** Stopped and started again between rounds to learn a faster clock (--speed auto). */
  restarts: number;
  cpuSeconds: number;
  peakRssMb: number;
  names: string[];
  stored: number;
  decided: number;
  adjudicated: number;
  sent: number;
}

/** A seeded PRNG (mulberry32 on the seed's SHA-256): the same seed, the same players. */
function rng(seed: string): () => number {
  return mulberry32(createHash('sha256').update(seed).digest().readUInt32LE(0));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

// ---------------------------------------------------------------------------------------------
// Reading the judge's mail as a player does: from the text only.

interface Unit { kind: 'A' | 'F'; loc: string }
interface Position { units: Map<Power, Unit[]>; centres: Map<Power, string[]>; dislodged: { power: Power; unit: Unit; retreats: string[] }[] }

function parseUnitList(text: string): Unit[] {
  return text.split(',').map((s) => s.trim()).filter((s) => /^[AF] /.test(s)).map((s) => ({ kind: s[0] as 'A' | 'F', loc: s.slice(2).trim() }));
}

/** The tables "Units:" and "Centres:" and the dislodged units of a results mail. */
function parsePosition(text: string): Position {
  const units = new Map<Power, Unit[]>();
  const centres = new Map<Power, string[]>();
  const dislodged: Position['dislodged'] = [];
  let section = '';
  for (const line of text.split(/\r?\n/)) {
    if (/^Units:\s*$/.test(line)) { section = 'units'; continue; }
    if (/^Centres:\s*$/.test(line)) { section = 'centres'; continue; }
    if (/^Dislodged units and where they may retreat:/.test(line)) { section = 'dislodged'; continue; }
    if (line.trim() === '') { section = ''; continue; }
    const m = /^\s*([A-Z]+)\s+(.*)$/.exec(line);
    if (!m || !(POWERS as readonly string[]).includes(m[1]!)) continue;
    const power = m[1] as Power;
    if (section === 'units') units.set(power, parseUnitList(m[2]!));
    else if (section === 'centres') centres.set(power, m[2]!.split(',').map((s) => s.trim()).filter(Boolean));
    else if (section === 'dislodged') {
      const d = /^([AF]) (\S+)\s+(.*)$/.exec(m[2]!.trim());
      if (d) dislodged.push({ power, unit: { kind: d[1] as 'A' | 'F', loc: d[2]! }, retreats: /none/.test(d[3]!) ? [] : d[3]!.split(',').map((s) => s.trim()).filter(Boolean) });
    }
  }
  return { units, centres, dislodged };
}

/** The final supply-centre counts of the "Supply centres:" section: `  AUSTRIA  5   BUD …`. */
function parseCentreCounts(text: string): Map<Power, number> | undefined {
  const i = text.indexOf('Supply centres:');
  if (i < 0) return undefined;
  const counts = new Map<Power, number>(POWERS.map((p) => [p, 0]));
  for (const line of text.slice(i).split(/\r?\n/).slice(1)) {
    if (line.trim() === '') break;
    const m = /^\s+([A-Z]+)\s+(\d+)/.exec(line);
    if (m && (POWERS as readonly string[]).includes(m[1]!)) counts.set(m[1] as Power, Number(m[2]));
  }
  return counts;
}

/**
 * The judge's answer to POSITION (templates/player-position.hbs): the phase it is the start of, and
 * each power's units, dislodged units (with their retreats) and centres.
 */
function parsePositionLookup(text: string): { phase: string | undefined; position: Position } {
  const phase = /position at the start of [^(]*\(([SFW]\d{4}[MRA])\)/.exec(text)?.[1];
  const units = new Map<Power, Unit[]>();
  const centres = new Map<Power, string[]>();
  const dislodged: Position['dislodged'] = [];
  let power: Power | undefined;
  for (const line of text.split(/\r?\n/)) {
    const head = /^([A-Z]+)\s+\d+ centres?$/.exec(line.trim());
    if (head && (POWERS as readonly string[]).includes(head[1]!) && !/^\s/.test(line)) { power = head[1] as Power; continue; }
    const m = /^\s+(units|dislodged|centres):\s+(.*)$/.exec(line);
    if (!m || !power) continue;
    if (m[1] === 'units') units.set(power, m[2]!.trim() === 'none' ? [] : parseUnitList(m[2]!));
    else if (m[1] === 'centres') centres.set(power, m[2]!.trim() === 'none' ? [] : m[2]!.trim().split(/\s+/));
    else {
      const d = /^([AF]) (\S+) \(may retreat to (.*)\)$/.exec(m[2]!.trim());
      if (d) dislodged.push({ power, unit: { kind: d[1] as 'A' | 'F', loc: d[2]! }, retreats: /^nowhere/.test(d[3]!) ? [] : d[3]!.split(',').map((x) => x.trim()) });
    }
  }
  return { phase, position: { units, centres, dislodged } };
}

/** An adjustment phase's "You must build/remove N" for `power`, from its centres and units (D.V: one unit per centre). */
function positionAdjustText(power: Power, pos: Position): string {
  const d = (pos.centres.get(power)?.length ?? 0) - (pos.units.get(power)?.length ?? 0);
  return d > 0 ? `You must build ${d}` : d < 0 ? `You must remove ${-d}` : '';
}

// ---------------------------------------------------------------------------------------------
// Writing orders as players do.

type Style = 'upper' | 'lower' | 'title' | 'names';
const STYLES: readonly Style[] = ['upper', 'lower', 'title', 'names'];

function place(loc: string, style: Style): string {
  const [p, coast] = loc.split('/');
  const province = STANDARD_MAP.provinces[p as keyof typeof STANDARD_MAP.provinces] as { name: string } | undefined;
  const withCoast = (s: string) => (coast ? `${s}/${coast}` : s);
  switch (style) {
    case 'upper': return loc;
    case 'lower': return loc.toLowerCase();
    case 'title': return withCoast(p![0] + p!.slice(1).toLowerCase());
    case 'names': return coast || !province ? loc : province.name;
  }
}
function unitWord(kind: 'A' | 'F', style: Style): string {
  return style === 'names' ? (kind === 'A' ? 'Army' : 'Fleet') : style === 'lower' ? kind.toLowerCase() : kind;
}

function movementOrders(units: Unit[], random: () => number, style: Style, illegal: boolean): { lines: string[]; illegal: number } {
  let wrong = 0;
  const lines = units.map((u, i) => {
    const targets = u.kind === 'A' ? [...armyNeighbours(STANDARD_MAP, provinceOf(u.loc))] : [...fleetNeighbours(STANDARD_MAP, u.loc)];
    const head = `${unitWord(u.kind, style)} ${place(u.loc, style)}`;
    if (illegal && i === 0) {
      wrong++;
      // A move to a province two seas away: refused by the judge (the unit holds, D.III(4)).
      return `${head} - ${place(u.kind === 'A' ? 'MOS' : 'BLA', style)}`;
    }
    if (targets.length === 0 || random() < 0.3) return `${head} ${style === 'lower' ? 'h' : style === 'names' ? 'Hold' : 'H'}`;
    const to = targets[Math.floor(random() * targets.length)]!;
    return `${head} - ${place(to, style)}`;
  });
  return { lines, illegal: wrong };
}

function retreatOrders(power: Power, pos: Position, style: Style): string[] {
  return pos.dislodged.filter((d) => d.power === power).map((d) => {
    const head = `${unitWord(d.unit.kind, style)} ${place(d.unit.loc, style)}`;
    return d.retreats.length > 0 ? `${head} R ${place(d.retreats[0]!, style)}` : `${head} D`;
  });
}

function adjustmentOrders(power: Power, pos: Position, text: string, style: Style): string[] {
  const build = /You must build (\d+)/.exec(text);
  const remove = /You must remove (\d+)/.exec(text);
  if (build) {
    const occupied = new Set([...pos.units.values()].flat().map((u) => provinceOf(u.loc)));
    const owned = new Set(pos.centres.get(power) ?? []);
    const free = homeCentres(STANDARD_MAP, power).filter((c) => owned.has(c) && !occupied.has(c));
    const n = Math.min(Number(build[1]), free.length);
    const lines = free.slice(0, n).map((c) => `Build ${unitWord('A', style)} ${place(c, style)}`);
    return lines.length > 0 ? lines : ['WAIVE'];
  }
  if (remove) {
    const mine = pos.units.get(power) ?? [];
    return mine.slice(-Number(remove[1])).map((u) => `Remove ${unitWord(u.kind, style)} ${place(u.loc, style)}`);
  }
  return [];
}

// ---------------------------------------------------------------------------------------------

interface Player {
  name: string;
  email: string;
  team: string;
  power: Power;
  captain: boolean;
  // From the mail:
  game?: string;
  address?: string;
  secret?: string;
  busy: Promise<void>;
  random: () => number;
  /** A set held back as preliminary until the player has voted (the vote reviser, below). */
  pendingFinal?: { phase: string; lines: string[] };
  /** The last Final set sent, and the units it was written for (for a late set on purpose). */
  lastSet?: { phase: string; lines: string[]; units: string };
  /** The extension requester's set, held preliminary until both extensions are announced (D.VII(5)). */
  extension?: { game: string; phase: string; lines: string[]; units: string; announced: number; done: boolean; refusal?: { asked: boolean; text?: string; lastDeadline?: number } };
}

interface Sent { messageId: string; from: string; at: number; game: string; phase: string; final: boolean }
interface Received { to: string; messageId: string; subject: string; inReplyTo: string | undefined; at: number; text: string; attachments: ParsedMail['attachments']; from: string }

/** Play the rehearsal; resolves with the summary (also written to bench-results/rehearse.json). */
export async function rehearse(o: RehearsalOptions = DEFAULT_OPTIONS): Promise<RehearsalSummary> {
  const log = o.log ?? ((l: string) => process.stdout.write(`[rehearse] ${l}\n`));
  if (!Number.isInteger(o.rounds) || o.rounds < 1 || o.rounds > playableRounds(o.teams)) {
    throw new Error(`--rounds ${o.rounds}: ${o.teams} team(s) can play 1 to ${playableRounds(o.teams)} round(s) (B.1, B.4: fewer than 42 teams play three rounds; C.9: a final of seven needs seven semi-final boards, i.e. 7 teams)`);
  }
  for (let r = 1; r <= o.rounds; r++) if (!Number.isInteger(endYearOfRound(o, r)) || endYearOfRound(o, r) < 1901) throw new Error(`--end-years: round ${r}'s end year must be 1901 or later`);
  // The clock's speed now: with --speed auto it rises for a round with fewer boards (boardsOfRound),
  // the judges restarted knowing the change (MAILJUDGE_CLOCK_CHANGES, src/config/clock.ts).
  const roundSpeed = (round: number) => (o.speeds ? o.speeds[Math.min(round, o.speeds.length) - 1]! : autoSpeed(boardsOfRound(o.teams, round), o.speedScale));
  let speed = o.speed ?? roundSpeed(1);
  const firstSpeed = speed;
  const speedsByRound: { round: number; speed: number; fromRealSecond: number }[] = [{ round: 1, speed, fromRealSecond: 0 }];
  if (!(speed > 0 && speed <= 100_000)) throw new Error(`--speed ${speed}: give simulated seconds per real second, above 0 and at most 100000 (or auto)`);
  const wallStart = Date.now();
  const loadAtStart = loadavg()[0]!;
  let loadPeak = loadAtStart;
  const random = rng(o.seed);
  const work = mkdtempSync(join(tmpdir(), 'mj-rehearse-'));
  const cleanups: (() => Promise<void>)[] = [];
  const judges: ChildProcess[] = [];
  // The judge's processes (--processes): each restarted in its slot, with its roles and state directory.
  const layout = checkLayout(o.processes ?? ['all']);
  interface Slot { figures: JudgeProcessFigures; stateDir: string; child?: ChildProcess; cpu: Map<number, number> }
  const slots: Slot[] = layout.map((roles, i) => ({
    figures: { label: `P${i + 1}`, roles, incarnations: 0, kills: 0, restarts: 0, cpuSeconds: 0, peakRssMb: 0, names: [], stored: 0, decided: 0, adjudicated: 0, sent: 0 },
    stateDir: join(work, layout.length === 1 ? 'state' : `state-p${i + 1}`), cpu: new Map(),
  }));
  const pgFigures: ProcessFigures = { cpuSeconds: 0, peakRssMb: 0 };
  const mailFigures = { dovecotCpuSeconds: 0, postfixCpuSeconds: 0, peakRssMb: 0 };
  // Interrupted (Ctrl-C): the judge, the database and the mail servers stop with the script.
  const onSignal = (signal: NodeJS.Signals) => {
    for (const j of judges) if (j.exitCode === null && j.signalCode === null) j.kill('SIGKILL');
    void Promise.all(cleanups.reverse().map((c) => c().catch(() => {}))).finally(() => {
      rmSync(work, { recursive: true, force: true });
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    // 1. Mail and database.
    const mail = await startMailServers({ log: (l) => log(`mail: ${l}`), sharedMailboxes: true, aliases: [`/^${SLUG}-.*@judge\\.example\\.org$/ ${JUDGE}`] });
    cleanups.push(() => mail.stop());
    const db = await startEmbeddedPostgres(join(work, 'pg'), { port: await freePort(), durability: 'fast' });
    cleanups.push(() => db.stop());
    const { host, imapPort, smtpPort } = mail.info;
    const anchor = new Date(Math.ceil(Date.now() / 1000) * 1000);
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '',
      DATABASE_URL: db.url, MAILJUDGE_STATE_DIR: slots[0]!.stateDir, MAILJUDGE_FROM_ADDRESS: JUDGE,
      MAILJUDGE_SMTP_URL: `smtp://${host}:${smtpPort}`,
      MAILJUDGE_IMAP_URL: `imap://${encodeURIComponent(JUDGE)}@${host}:${imapPort}`, MAILJUDGE_IMAP_PASSWORD: MAIL_PASSWORD,
      MAILJUDGE_CLOCK_ORIGIN: ORIGIN.toISOString(), MAILJUDGE_CLOCK_ANCHOR: anchor.toISOString(), MAILJUDGE_CLOCK_SPEED: String(speed),
      MAILJUDGE_LOG_LEVEL: 'warn',
    };
    const clock: ClockSetting & { changes: { at: Date; speed: number }[] } = { origin: ORIGIN, anchor, speed, changes: [] };
    const simNow = () => simulatedAt(clock, new Date());
    /**
     * A pure command (`tournament score`: no database), run to its end. Only those: this process reads
     * the embedded PostgreSQL's log from its event loop, and a command that waits on the server while
     * the loop is blocked can wait forever (stop 48: after ~50 `reproduce --game` runs in a row under
     * spawnSync the server's log filled its socket, the checkpointer blocked writing a line, and DROP
     * DATABASE waited for that checkpoint).
     */
    const exited = (args: string[], r: { status: number | null; stdout: string; stderr: string }) => new Error(`mailjudge ${args.join(' ')} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
    const cli = (args: string[], input?: string) => {
      const r = spawnSync(process.execPath, [CLI, ...args], { env, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      if (r.status !== 0) throw exited(args, r);
      return r.stdout;
    };
    /** A command run while the event loop goes on (the players, the server's log): its exit status and output. */
    const cliRun = (args: string[], input?: string) => new Promise<{ status: number | null; stdout: string; stderr: string }>((res, rej) => {
      const child = spawn(process.execPath, [CLI, ...args], { env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
      child.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
      child.once('error', rej);
      child.once('close', (code) => res({ status: code, stdout: out, stderr: err }));
      if (input !== undefined) child.stdin!.end(input);
    });
    /** A database command: its output, or an error when it fails. */
    const cliAsync = async (args: string[]) => {
      const r = await cliRun(args);
      if (r.status !== 0) throw exited(args, r);
      return r.stdout;
    };
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => {});
    cleanups.push(() => pool.end());
    const q = async <T extends object>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[];

    // Sampling the CPU and memory of the judge, PostgreSQL and the mail servers (/proc), every half second.
    // Stop 44: each process's stat line only (utime, stime, cutime, cstime, rss), the peak (VmHWM) from
    // status for the judge's processes alone, and the masters' children from their children lists
    // (/proc/<pid>/task/<tid>/children) instead of the stat and status of every process on the machine,
    // 18 ms of CPU a sample at 223 processes against 3 ms (docs/rehearsal.md, "Stop 44": ~6 of the script's ~70 CPU-s a 14-team round).
    const pgPid = Number(readFileSync(join(db.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const peakRss = (pid: number) => {
      try {
        return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    };
    const sample = () => {
      for (const slot of slots) {
        const pid = slot.child?.pid;
        const s = pid ? processStat(pid) : undefined;
        if (pid && s) { slot.cpu.set(pid, s.cpu); slot.figures.peakRssMb = Math.max(slot.figures.peakRssMb, peakRss(pid)); }
      }
      // PostgreSQL and the mail servers (issue 30: where the two cores go): each master, its exited
      // children (reaped: cutime), and its live children (backends; smtpd, cleanup, qmgr, lmtp; imap, auth, …).
      const mailMasters = mail.masterPids();
      const pgTree = treeUsage(pgPid);
      if (pgTree) {
        pgFigures.cpuSeconds = Math.max(pgFigures.cpuSeconds, pgTree.cpu);
        pgFigures.peakRssMb = Math.max(pgFigures.peakRssMb, pgTree.rss);
      }
      const dovecot = treeUsage(mailMasters.dovecot);
      const postfix = treeUsage(mailMasters.postfix);
      mailFigures.dovecotCpuSeconds = Math.max(mailFigures.dovecotCpuSeconds, dovecot?.cpu ?? 0);
      mailFigures.postfixCpuSeconds = Math.max(mailFigures.postfixCpuSeconds, postfix?.cpu ?? 0);
      mailFigures.peakRssMb = Math.max(mailFigures.peakRssMb, (dovecot?.rss ?? 0) + (postfix?.rss ?? 0));
    };
    const sampler = setInterval(sample, 500);
    cleanups.push(async () => clearInterval(sampler));

    /** Start (or restart, as a service manager would) the judge process of a slot, with its roles and state directory. */
    const startJudgeProcess = async (slot: Slot): Promise<ChildProcess> => {
      const args = slot.figures.roles === 'all' ? [] : ['--role', slot.figures.roles];
      const child = spawn(process.execPath, [CLI, 'start', ...args], { env: { ...env, MAILJUDGE_STATE_DIR: slot.stateDir }, stdio: ['ignore', 'pipe', 'pipe'] });
      judges.push(child);
      slot.child = child;
      slot.figures.incarnations++;
      let out = '';
      child.stderr!.on('data', (d: Buffer) => { out = (out + d.toString()).slice(-20_000); });
      await new Promise<void>((res, rej) => {
        child.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          // The banner names the process's connections (application_name): the 0030 columns' value.
          const name = /^ {2}process: (\S+)/m.exec(out)?.[1];
          if (out.includes('stop with Ctrl-C') && name) {
            if (!slot.figures.names.includes(name)) slot.figures.names.push(name);
            res();
          }
        });
        child.once('exit', (code) => rej(new Error(`mailjudge start${args.length ? ` ${args.join(' ')}` : ''} (${slot.figures.label}) exited ${code}:\n${out}`)));
      });
      child.removeAllListeners('exit');
      return child;
    };
    /** A slot's process SIGKILLed or stopped: its CPU (last sampled) added to the slot's. */
    const stopJudgeProcess = async (slot: Slot, signal: NodeJS.Signals) => {
      const victim = slot.child;
      if (!victim) return;
      sample();
      await new Promise<void>((r) => {
        if (victim.exitCode !== null || victim.signalCode !== null) return r();
        victim.once('exit', () => r());
        victim.kill(signal);
      });
      slot.figures.cpuSeconds += slot.cpu.get(victim.pid!) ?? 0;
      slot.cpu.delete(victim.pid!);
      slot.child = undefined;
    };

    /**
     * --speed auto: a round with fewer boards takes a faster clock (autoSpeed of its boards: 1,440× for
     * round 2's 49 boards at 147 teams, 3,600× for the semi-final, 14,400× for the final), which takes
     * most of the real time off a long event (docs/rehearsal.md, "The clock"). Between rounds nothing
     * is due (every player has the standings), so the judges are stopped, the change is set a second
     * ahead, and they start again knowing it (every process must know a change before it comes).
     */
    const speedUpFor = async (round: number) => {
      if (o.speed !== undefined) return;
      const next = roundSpeed(round);
      if (next <= speed) return;
      for (const slot of slots) {
        await stopJudgeProcess(slot, 'SIGTERM');
        slot.figures.restarts++;
      }
      const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000);
      clock.changes.push({ at, speed: next });
      env.MAILJUDGE_CLOCK_CHANGES = clock.changes.map((c) => `${c.at.toISOString()}=${c.speed}`).join(',');
      await startJudgeProcess(slots[0]!);
      await Promise.all(slots.slice(1).map((slot) => startJudgeProcess(slot)));
      log(`round ${round}: ${boardsOfRound(o.teams, round)} board(s), the clock from ${speed}× to ${next}× at real ${at.toISOString()} (simulated ${simulatedAt(clock, at).toISOString()}); judges restarted knowing it`);
      speed = next;
      speedsByRound.push({ round, speed, fromRealSecond: Math.round((at.getTime() - wallStart) / 1000) });
    };

    // 2. The TD: the tournament, the registration CSV, the seating.
    const players: Player[] = [];
    for (let t = 0; t < o.teams; t++) {
      const team = `Team ${teamLetters(t)}`;
      POWERS.forEach((power, i) => {
        const name = `${team.replace(' ', '')}${power[0]}${power.slice(1).toLowerCase()}`;
        players.push({ name, email: `${name.toLowerCase()}@example.org`, team, power: POWERS[(i + t) % 7]!, captain: i === 0, busy: Promise.resolve(), random: rng(`${o.seed}/${name}`) });
      });
    }
    // B.2, B.8(d): one individual beyond the teams is the reserve list (docs/tds.md, "Registering"); the
    // GM calls him as a temporary stand-in (below).
    const reserve: Player = { name: 'RexReserve', email: 'rexreserve@example.org', team: '', power: 'AUSTRIA', captain: false, busy: Promise.resolve(), random: rng(`${o.seed}/RexReserve`) };
    const withReserve = (o.replacements ?? 1) >= 1 && endYearOfRound(o, 1) >= 1902 && o.teams >= 2;
    const actors = withReserve ? [...players, reserve] : players;
    const csv = ['team,name,email,power,captain,time_zone', ...players.map((p) => `${p.team},${p.name},${p.email},${p.power},${p.captain ? 'yes' : ''},UTC`), ...(withReserve ? [`,${reserve.name},${reserve.email},,,UTC`] : [])].join('\n') + '\n';
    writeFileSync(join(work, 'teams.csv'), csv);
    // Every player's mailbox watched before anything is mailed: a few IMAP connections reading them all
    // through Dovecot's shared namespace (scripts/rehearse/mailbox-reader.ts), not one per player.
    const allMail: Received[] = [];
    let resultsRead = 0; // results mails among allMail (the wait for the last deliveries, below)
    const mailboxes = [...actors.map((p) => p.email), GM, TD];
    // Stop 44: each pass looks only where Dovecot's log says it delivered (and everywhere in a sweep), and
    // fetches of each new message what the player reads: its text, and the standings CSV (never the maps).
    const reader = new MailboxReader({
      host, port: imapPort, user: READER, pass: MAIL_PASSWORD, connections: o.readerConnections ?? 4,
      fetch: o.readerFetch ?? 'shown', keepAttachment: (name) => name.endsWith('.csv'),
      // The sweep every 5 s, or 20 ms a mailbox (20.6 s at --full's 1,032: a sweep is ~1 s of STATUS there).
      ...((o.readerLog ?? true) ? { deliveryLog: join(mail.info.dir, 'dovecot', 'dovecot.log'), sweepMs: Math.max(5_000, 20 * mailboxes.length) } : {}),
    });
    await reader.connect();
    for (const address of mailboxes) reader.add(address);
    cleanups.push(() => reader.close());

    // The first process first: with --processes it is the ingester, and takes the intake lock.
    await startJudgeProcess(slots[0]!);
    await Promise.all(slots.slice(1).map((slot) => startJudgeProcess(slot)));
    log(`judge started: ${slots.map((s) => `${s.figures.label} ${s.figures.roles} (pid ${s.child?.pid})`).join(', ')}; clock ${speed}x from ${ORIGIN.toISOString()} at real ${anchor.toISOString()}`);
    await cliAsync(['tournament', 'create', SLUG, '--name', 'Rehearsal Masters', '--td', TD]);
    await cliAsync(['tournament', 'register', SLUG, '--from', join(work, 'teams.csv')]);
    const games: string[] = [];
    const gamesOfRound = new Map<number, string[]>();
    const calendarsPending: Promise<unknown>[] = []; // the GM's calendar commands of each round (seatRound)
    /**
     * The TD seats round r exactly as docs/tds.md says: after round 1, `tournament advance --round r-1`
     * records who goes on (C.7 from round 1, C.8 from a second team round, C.9 from the semi-final),
     * then `tournament assign --round r --commit` seats them (B.5: powers by the dice after round 1;
     * B.6) and each player is mailed the game-start mail of the new board, which is all they learn of it.
     */
    const seatRound = async (round: number) => {
      if (round > 1) log(`TD: ${(await cliAsync(['tournament', 'advance', SLUG, '--round', String(round - 1)])).split('\n')[0]}`);
      // The first deadline 10 simulated days away (D.VII(4)(a): at least 72 hours), so that the seating
      // and the GM's commands, a few real seconds each on a busy machine, cannot eat the players' turn;
      // it costs nothing when every set is Final: the phase goes 24 hours after the start (D.VII(2)).
      // The round's start mails (8 per board, with their map pictures) and the GM's calendar commands
      // (a CLI process and a mail to the board each) take real time that grows with the boards: at 49
      // boards and 3,600× (10 days = 240 real s) players read their start mail after the deadline, and
      // S1901M's results were withheld on two boards (D.VII(6)(b)). So at least 120 + 6 real seconds a board.
      const startMs = Math.max(10 * 86_400_000, (120 + 6 * boardsOfRound(o.teams, round)) * 1000 * speed);
      const firstDeadline = new Date(Math.ceil((simNow().getTime() + startMs) / 60_000) * 60_000);
      // B.3 plays the rounds to 1909/1909/1912/1915; a rehearsal's rounds end sooner (--end-year,
      // recorded on the round and each game).
      await cliAsync(['tournament', 'assign', SLUG, '--round', String(round), '--commit', '--gm-email', GM, '--domain', 'judge.example.org', '--deadline', firstDeadline.toISOString(), '--end-year', String(endYearOfRound(o, round))]);
      const fresh = (await q<{ id: string }>('SELECT id FROM games WHERE id LIKE $1 ORDER BY id', [`${SLUG}-r${round}-%`])).map((g) => g.id);
      games.push(...fresh);
      gamesOfRound.set(round, fresh);
      log(`seated round ${round} on ${fresh.length} board(s): ${fresh.join(', ')}; to ${endYearOfRound(o, round)}; first deadline ${firstDeadline.toISOString()} (simulated)`);
      // The GM gives every turn the movement minimum, 72 hours (D.VII(4)(a)): adjustments and retreats
      // too (their default is 24), so a player reading the results a few real seconds late is still on
      // time; a game whose powers are all Final goes on 24 hours after the last publication (D.VII(2)).
      // Reminders and GM digests are off unless --calendar-mail: a tick that mails one can commit before
      // a set decided at an earlier instant, and `reproduce` then replays the two the other way round
      // (the open race in docs/rehearsal.md); --calendar-mail plays with them to expose it.
      // A board that is to end by vote gets a week per movement turn (D.VII(4)(a): "one season per
      // week"), so that the proposal, its announcement and every vote (one revised) are in by the
      // deadline on a busy machine; it costs nothing, the phase goes early once all have voted.
      const quiet = o.calendarMail ? [] : ['--reminders', 'none', '--digests', 'none'];
      // A board where the GM puts in a replacement gets REPLACEMENT_BOARD_HOURS per movement turn (above).
      // B.8(c): the captain's board gets longer movement turns from the NMR on (captainHours, below:
      // the GM slows it down when the NMR's phase opens).
      if (round === 1) captainPlan = await planCaptain(fresh);
      const movement = (g: string) => (votePlan(g) ? 168 : standInPlan(g) || permanentPlan(g) ? REPLACEMENT_BOARD_HOURS : 72);
      // One `calendar` command per group of boards with the same settings (mailjudge calendar <game...>:
      // each board still changed on its own, with its own mail), so that a round's boards take one CLI
      // process, not one each: at 42 boards, one command a board, two at a time, on a loaded machine,
      // the last boards' commands came after F1901M had been adjudicated, their winter turn the judge's
      // default 24 hours, and 16 winter sets came late (docs/rehearsal.md, "Stop 42"). The commands apply
      // from the next turn (S1901M's deadline is assign's). The groups' commands run side by side (at
      // most three: 72, REPLACEMENT_BOARD_HOURS and 168 hours), so a small group's boards (the vote
      // boards', the replacement boards') wait for no other; in a group the boards whose turns matter
      // most come first (the extension's, the stand-in's, the captain's, the votes').
      const special = (g: string) => (extensionPlan(g) || standInPlan(g) || permanentPlan(g) || votePlan(g) || captainPlan?.game === g ? 0 : 1);
      const groups = new Map<number, string[]>();
      for (const g of [...fresh].sort((a, b) => special(a) - special(b))) groups.set(movement(g), [...(groups.get(movement(g)) ?? []), g]);
      const calendars = Promise.all([...groups].map(async ([hours, boards]) => {
        const began = Date.now();
        await cliAsync(['calendar', ...boards, '--movement-hours', String(hours), '--retreat-hours', '72', '--adjustment-hours', '72', ...quiet]);
        log(`GM: calendar of ${boards.length} board(s), ${hours}-hour movement turns, in one command: ${((Date.now() - began) / 1000).toFixed(1)} s (real +${((Date.now() - wallStart) / 1000).toFixed(1)} s)`);
      })).catch((e: Error) => log(`GM: ${e.message}`));
      // Up to 21 boards they are awaited, as before (a few seconds, and at 14,400× S1901M may go 6 s
      // after the start, before a late command, leaving a 24-hour retreat of 6 s); beyond, they run while
      // the players read and play (the main loop), not holding them back.
      if (fresh.length <= 21) await calendars;
      else calendarsPending.push(calendars);
    };

    // 3. The players.
    const transport = nodemailer.createTransport({ host, port: smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 4 });
    cleanups.push(async () => transport.close());
    const sent: Sent[] = [];
    const stats = { gmCalendar: 0, gmPermanent: 0, gmReplaces: 0, extRequested: 0, gmAnswers: 0, nmrs: 0, preliminary: 0, illegal: 0, proposals: 0, revisedVotes: 0, quoted: 0, htmlOnly: 0, alternative: 0, late: 0, press: 0 };
    const pressSent: { token: string; game: string; phase: string }[] = [];
    const reactMs: number[] = []; // a player's mail read → his Final set sent (the 1-second wait included)
    const roundEnds: number[] = []; // real instants at which every player had round r's standings
    const lateIds = new Set<string>(); // the late sets sent on purpose
    const endedBy = new Map<string, GameResult>(); // game → its result by vote, as the GM was mailed it
    const phasesOf = new Map<string, string[]>(); // game → phases announced by its mails, in order
    const finalText = new Map<string, string>(); // game → text of the last results mail
    const standingsMails: Received[] = [];
    // NMRs: after 1901 only (D.VII(6): a 1901 NMR withholds the results), in the last year of a round
    // that goes beyond 1901: player|round|phase.
    const nmrRounds = Array.from({ length: o.rounds }, (_, i) => i + 1).filter((r) => endYearOfRound(o, r) > 1901);
    // One season per round, drawn with its first NMR: every NMR of a round falls in the same phase, so
    // a board waits for one deadline at most, not one per NMR (two on one board cost 18 s in turn).
    const nmrPlan = new Set<string>();
    const nmrSeason = new Map<number, string>();
    while (nmrRounds.length > 0 && nmrPlan.size < Math.min(o.nmrs, players.length)) {
      const p = players[Math.floor(random() * players.length)]!;
      const round = nmrRounds[Math.floor(random() * nmrRounds.length)]!;
      const season = random() < 0.5 ? 'S' : 'F';
      if (!nmrSeason.has(round)) nmrSeason.set(round, season);
      nmrPlan.add(`${p.email}|${round}|${nmrSeason.get(round)}${endYearOfRound(o, round)}M`);
    }
    // Late sets on purpose: a player sends again, after reading a phase's results, the set he sent for
    // it; the judge must refuse it as late (D.VII(3)), recognising it by its orders (they fit the old
    // position, not the new one). Round 1's movement phases before its last (after the last the game
    // is over): player|phase, sent only when one of the player's units has moved.
    const latePlan = new Set<string>();
    const lateCandidates = Array.from({ length: endYearOfRound(o, 1) - 1900 }, (_, i) => [`S${1901 + i}M`, `F${1901 + i}M`]).flat().slice(0, -1);
    for (let tries = 0; latePlan.size < Math.min(o.late ?? 2, players.length) && tries < 100; tries++) {
      const p = players[Math.floor(random() * players.length)]!;
      const phase = lateCandidates[Math.floor(random() * lateCandidates.length)]!;
      if (!nmrPlan.has(`${p.email}|1|${phase}`)) latePlan.add(`${p.email}|${phase}`);
    }
    const roundOf = (game: string | undefined) => Number(/-r(\d+)-/.exec(game ?? '')?.[1] ?? 0);
    /**
     * D.IX: the last round's boards 1 … --votes end by vote, odd boards by a draw, even ones by a
     * concession, proposed with the Fall orders of the round's end year by a power drawn from the seed;
     * every player votes YES when the proposal is announced, except one (the reviser) who first votes NO
     * and then changes it to YES (D.IX(2): "players may submit revised votes"), holding its own orders
     * preliminary until then so that no early adjudication (D.VII(2)) can come between the two votes.
     */
    const votePlan = (game: string | undefined) => {
      const m = /-r(\d+)-b(\d+)$/.exec(game ?? '');
      if (!m || Number(m[1]) !== o.rounds || Number(m[2]) > (o.votes ?? 2)) return undefined;
      const pick = rng(`${o.seed}/vote/${game}`);
      const proposer = POWERS[Math.floor(pick() * 7)]!;
      const reviser = POWERS[(POWERS.indexOf(proposer) + 1 + Math.floor(pick() * 6)) % 7]!;
      return { kind: Number(m[2]) % 2 === 1 ? 'draw' as const : 'concession' as const, proposer, reviser, phase: `F${endYearOfRound(o, o.rounds)}M` };
    };
    /**
     * D.VII(5): on round 1's board 1, a power drawn from the seed asks in F1901M (no NMR falls in 1901,
     * D.VII(6)) for its guaranteed extension (`EXTENSION 72`, granted at once: three days, so that the
     * GM's two answers by mail are in before the deadline on a loaded machine; D.VII(5)'s 7 days per
     * position hold: 72 + 24 granted, 48 more refused) and then for a second
     * one (`REQUEST EXTENSION OF 1 DAYS`), which the judge passes to the GM; the scripted GM grants it
     * by mail (`EXTEND <POWER> 24`, docs/gms.md). The requester keeps its set preliminary until both
     * new deadlines are announced, so that the phase cannot go early (D.VII(2)) before the GM answers.
     */
    const extensionPlan = (game: string | undefined) => {
      if ((o.extensions ?? 1) < 1 || game !== `${SLUG}-r1-b1`) return undefined;
      const phase = 'F1901M';
      const requester = POWERS[Math.floor(rng(`${o.seed}/extension/${game}`)() * 7)]!;
      if (votePlan(game)?.phase === phase) return undefined;
      return { requester, phase, refusal: true };
    };
    /**
     * B.7 on round 1's board 2: when the GM reads S1901M's results, he puts the reserve on a power drawn
     * from the seed as a temporary stand-in by mail (`REPLACE <POWER> <email> <name> UNTIL S1902M`,
     * docs/gms.md): the stand-in plays F1901M (and the winter, if the power adjusts) from the mail he
     * receives ("You take over …", then the results), the player of record sends nothing in that
     * period and is back for S1902M, when the judge ends the period (stand-in-period.ts).
     */
    const standInPlan = (game: string | undefined) => {
      if (!withReserve || game !== `${SLUG}-r1-b2`) return undefined;
      return { power: POWERS[Math.floor(rng(`${o.seed}/stand-in/${game}`)() * 7)]!, from: 'F1901M', until: 'S1902M' };
    };
    const inStandInPeriod = (plan: { from: string; until: string }, phase: string) => {
      const i = phaseIndex(parsePhase(phase)!);
      return i >= phaseIndex(parsePhase(plan.from)!) && i < phaseIndex(parsePhase(plan.until)!);
    };
    let standInOriginal: string | undefined; // the player of record's address
    /**
     * B.7 ("or in the case of an NMR by his team"), B.8(c): on a round-1 board, a player who is not a
     * captain, whose captain plays another board, NMRs in S<end year>M and sends nothing more in the
     * round (no contact with the GM, D.VII(6)(a)); the judge makes the captain the default replacement,
     * and the captain, reading that mail, asks the judge for the POSITION and orders the power from its
     * answer, which makes him the official player. Drawn after the seating (the TD's knowledge: who plays
     * where, and each team's captain), before any mail: the board gets longer turns.
     */
    let captainPlan: { game: string; power: Power; player: string; captain: string; phase: string } | undefined;
    /**
     * The captain's board's movement turns from the NMR's phase on (the GM's `calendar` when that phase
     * opens): the contact period at its longest (96 hours, with a weekend, D.VII(6)(a)) and about 18
     * real seconds for the captain's chain of mails (the request, his POSITION, its answer, his
     * orders), at least 120 hours (168 at 14,400×, 120 at 3,600×). Before, 168 hours from the start
     * made the NMR's phase wait 168 hours (42 s at 14,400×) instead of the 72 it needs.
     */
    const captainHours = Math.max(120, 96 + Math.ceil((18 * speed) / 3600));
    let captainRole: Player | undefined; // the captain as the stand-in on that board (his own board is his Player)
    const captainSeen: { nmrNotice?: Received; request?: Received; position?: Received; firstPhase?: string } = {};
    const planCaptain = async (fresh: string[]) => {
      if ((o.captains ?? 1) < 1 || o.teams < 2 || endYearOfRound(o, 1) < 1902) return undefined;
      const seating = await q<{ game: string; power: Power; email: string; captain: string }>(`SELECT p.game_id AS game, p.power, pe.email, cap.email AS captain
        FROM positions p JOIN people pe ON pe.id = p.person_id
        JOIN games g ON g.id = p.game_id
        JOIN tournament_members m ON m.person_id = pe.id AND m.tournament_id = g.tournament_id AND m.role = 'player'
        JOIN teams t ON t.id = m.team_id JOIN people cap ON cap.id = t.captain_person_id
        WHERE p.game_id = ANY($1) AND p.ended_at IS NULL ORDER BY p.game_id, p.power`, [fresh]);
      // One row per seat: a captain is a member twice (role 'player' and role 'captain', both with his
      // team: src/service/tournament/register.ts), so the join is on his 'player' row only; joining
      // every member row gave a captain's seat twice (7 teams: 56 "seats" for 49).
      if (new Set(seating.map((r) => `${r.game}|${r.power}`)).size !== seating.length) throw new Error(`B.8(c): the seating query gave a seat twice (${seating.length} rows)`);
      // Not a player with an NMR of his own in round 1, nor the captain of one (the captain orders the
      // power in F<end year>M, which his own NMR plan could fall on); not the extension's requester nor
      // the stand-in's power.
      const nmrInRound1 = (email: string) => [...nmrPlan].some((k) => k.startsWith(`${email}|1|`));
      const seats = new Set(seating.map((x) => `${x.game}|${x.email}`));
      const seatedWith = (r: { game: string; captain: string }) => seats.has(`${r.game}|${r.captain}`);
      const candidates = seating.filter((r) => r.email !== r.captain && !seatedWith(r) && !nmrInRound1(r.email) && !nmrInRound1(r.captain)
        && !(extensionPlan(r.game)?.requester === r.power) && !(standInPlan(r.game)?.power === r.power));
      log(`B.8(c): ${seating.length} seats, ${seating.filter((r) => r.email !== r.captain && !seatedWith(r)).length} players whose captain plays another board, ${candidates.length} candidates`);
      // Not the extension's or the stand-in's board when another will do.
      const preferred = candidates.filter((r) => !extensionPlan(r.game) && !standInPlan(r.game));
      const pool = preferred.length > 0 ? preferred : candidates;
      if (pool.length === 0) { log('B.8(c): no player whose captain plays another board; the captain\'s replacement is not rehearsed'); return undefined; }
      const pick = pool[Math.floor(rng(`${o.seed}/captain`)() * pool.length)]!;
      const plan = { game: pick.game, power: pick.power, player: pick.email, captain: pick.captain, phase: `S${endYearOfRound(o, 1)}M` };
      const cap = players.find((x) => x.email === plan.captain)!;
      captainRole = { ...cap, game: plan.game, power: plan.power, address: undefined, busy: Promise.resolve(), random: rng(`${o.seed}/captain-stand-in`), extension: undefined, lastSet: undefined, pendingFinal: undefined };
      log(`B.8(c): ${plan.player} (${plan.power}, ${plan.game}) will miss ${plan.phase} and stay silent; captain ${plan.captain} plays another board`);
      return plan;
    };
    /**
     * B.7 ("Any player may be replaced at their own request at any time"), B.8: on the last round's
     * board 1, a player drawn from the seed asks to go; when the GM reads S1901M's results he mails
     * `REPLACE <POWER> <reserve> <name>` without UNTIL: a permanent replacement from F1901M. Not the
     * vote's proposer or reviser, nor the power the draw would leave out (so its score is not 0 and
     * C.14's shares are worth checking). The player sends nothing from F1901M on; the proposer waits to
     * read the announcement before proposing, so that the reserve is on the board when the proposal is
     * announced and votes on it.
     */
    const permanentPlan = (game: string | undefined) => {
      if (!withReserve || o.rounds < 2 || game !== `${SLUG}-r${o.rounds}-b1`) return undefined;
      const plan = votePlan(game);
      // D.IX(4): the draw leaves out the survivor with the fewest centres (at the start, the last by name of the 3-centre powers).
      const count = (x: Power) => homeCentres(STANDARD_MAP, x).length;
      const leftOut = plan?.kind === 'draw' ? [...POWERS].sort((a, b) => count(a) - count(b) || b.localeCompare(a))[0] : undefined;
      const choices = POWERS.filter((x) => x !== plan?.proposer && x !== plan?.reviser && x !== leftOut);
      return { power: choices[Math.floor(rng(`${o.seed}/permanent/${game}`)() * choices.length)]!, from: 'F1901M' };
    };
    let permanentOriginal: string | undefined; // the player who asked to go
    let permanentTakeOver: Received | undefined; // the reserve's "You take over" mail
    let permanentResultsText: string | undefined; // the S1901M results as the GM read them
    const permanentAnnounced = new Set<string>(); // who has read the announcement
    const announcedWaiters: (() => void)[] = [];
    const gmDone = new Set<string>(); // the judge's mails the GM has answered (a redelivery is not answered twice)
    const gmRequests = new Map<string, number>(); // game → extension requests the GM has answered
    let gmSecret: string | undefined;
    let gmBusy = Promise.resolve();
    /** The proposal line, from the centres the last results mail gave. */
    const proposalLine = (kind: 'draw' | 'concession', pos: Position): string => {
      const count = (x: Power) => pos.centres.get(x)?.length ?? 0;
      const alive = POWERS.filter((x) => count(x) > 0 || (pos.units.get(x)?.length ?? 0) > 0);
      if (kind === 'concession') return `PROPOSE CONCESSION TO ${[...alive].sort((a, b) => count(b) - count(a) || a.localeCompare(b))[0]}`;
      // D.IX(4): a draw that leaves out a survivor presumes his elimination (he scores 0).
      const fewest = [...alive].sort((a, b) => count(a) - count(b) || b.localeCompare(a))[0];
      return `PROPOSE DRAW ${(alive.length > 2 ? alive.filter((x) => x !== fewest) : alive).join(' ')}`;
    };

    /**
     * One mail to the judge, in one of the forms of the order corpus: plain text; a reply with the
     * judge's mail quoted above the orders (`On … wrote:` and `>` lines, which the judge never reads)
     * and In-Reply-To; an HTML-only mail (a webmail's); text and HTML alternatives.
     */
    const send = async (p: Player, phase: string, lines: string[], final: boolean, what = 'orders', replyTo?: Received) => {
      const messageId = `<${createHash('sha1').update(`${p.email}/${phase}/${sent.length}/${o.seed}`).digest('hex').slice(0, 16)}@example.org>`;
      const style = p.random();
      const finalLine = final ? (style < 0.5 ? '\nFinal' : '') : '';
      const subject = final && style >= 0.5 ? `${phase} ${what} FINAL` : `${phase} ${what}`;
      const body = `${p.random() < 0.3 ? 'Hi GM,\n\n' : ''}${lines.join('\n')}${finalLine}\n\nPassword: ${p.secret}\n`;
      const form = p.random();
      const mail: { text?: string; html?: string; inReplyTo?: string; references?: string } = { text: body };
      if (replyTo && form < 0.25) {
        const quoted = replyTo.text.split(/\r?\n/).slice(0, 15).map((l) => `> ${l}`.trimEnd()).join('\n');
        mail.text = `On ${new Date(replyTo.at).toUTCString()}, ${JUDGE} wrote:\n${quoted}\n\n${body}`;
        mail.inReplyTo = replyTo.messageId;
        mail.references = replyTo.messageId;
        stats.quoted++;
      } else if (form < 0.35) {
        delete mail.text;
        mail.html = htmlOf(body);
        stats.htmlOnly++;
      } else if (form < 0.45) {
        mail.html = htmlOf(body);
        stats.alternative++;
      }
      await transport.sendMail({ from: `${p.name} <${p.email}>`, to: p.address, subject, messageId, ...mail });
      sent.push({ messageId, from: p.email, at: Date.now(), game: p.game!, phase, final });
    };

    const act = async (p: Player, phase: string, pos: Position | undefined, text: string, units: Unit[], seenAt: number, replyTo?: Received) => {
      if (captainPlan && p.email === captainPlan.player && p.game === captainPlan.game && phaseIndex(parsePhase(phase)!) >= phaseIndex(parsePhase(captainPlan.phase)!)) {
        // B.8(c): the NMR'd player sends nothing more in this game (no contact, D.VII(6)(a)).
        if (phase === captainPlan.phase) stats.nmrs++;
        return;
      }
      if (nmrPlan.has(`${p.email}|${roundOf(p.game)}|${phase}`)) { stats.nmrs++; return; }
      const sp = standInPlan(p.game);
      const pp = permanentPlan(p.game);
      if (sp && p.power === sp.power) {
        // B.7: the stand-in orders only in the declared period, the player of record only outside it.
        if (p !== reserve && inStandInPeriod(sp, phase)) { standInOriginal = p.email; return; }
        if (p === reserve && !inStandInPeriod(sp, phase)) return;
      } else if (pp && p.power === pp.power && p !== reserve && phaseIndex(parsePhase(phase)!) >= phaseIndex(parsePhase(pp.from)!)) {
        // The player who asked to be replaced sends nothing more (B.7).
        permanentOriginal = p.email;
        return;
      } else if (p === reserve && !(pp && p.power === pp.power)) return;
      const vp = votePlan(p.game);
      if (pp && vp && p.power === vp.proposer && phase === pp.from && !permanentAnnounced.has(p.email)) {
        // The proposer reads the announcement of the new player before proposing (at most 60 s).
        await Promise.race([new Promise<void>((r) => announcedWaiters.push(() => { if (permanentAnnounced.has(p.email)) r(); })), sleep(60_000)]);
      }
      // INTERNALDATE has whole seconds, i.e. `speed` simulated seconds: a set sent a real second after
      // the results were read is stamped after their publication (src/config/clock.ts).
      await sleep(Math.max(0, seenAt + 1000 - Date.now()));
      const style = STYLES[Math.floor(p.random() * STYLES.length)]!;
      let lines: string[];
      if (phase.endsWith('M')) {
        if (p.random() < 0.3) {
          // A preliminary set first (D.II(1)), then the Final one replaces it (D.III(3)).
          await send(p, phase, movementOrders(units, p.random, style, false).lines, false);
          stats.preliminary++;
          await sleep(1100);
        }
        const m = movementOrders(units, p.random, STYLES[Math.floor(p.random() * STYLES.length)]!, p.random() < 0.1);
        stats.illegal += m.illegal;
        lines = m.lines;
      } else if (phase.endsWith('R')) {
        lines = pos ? retreatOrders(p.power, pos, style) : [];
      } else {
        lines = pos ? adjustmentOrders(p.power, pos, text, style) : [];
      }
      if (lines.length === 0) return; // nothing to order in this phase
      const ext = extensionPlan(p.game);
      if (ext && phase === ext.phase && p.power === ext.requester && !p.extension) {
        // D.VII(5): the guaranteed extension, then a second request for the GM; the set stays preliminary.
        p.extension = { game: p.game!, phase, lines, units: units.map((u) => `${u.kind} ${u.loc}`).sort().join(','), announced: 0, done: false };
        await send(p, phase, [...lines, 'EXTENSION 72'], false);
        stats.extRequested++;
        await sleep(1100);
        await send(p, phase, [...lines, 'REQUEST EXTENSION OF 1 DAYS'], false);
        stats.extRequested++;
        return;
      }
      const plan = votePlan(p.game);
      if (plan && phase === plan.phase) {
        if (p.power === plan.proposer && pos) { lines.push(proposalLine(plan.kind, pos)); stats.proposals++; }
        if (p.power === plan.reviser) {
          p.pendingFinal = { phase, lines };
          await send(p, phase, lines, false);
          return;
        }
      } else if (phase.endsWith('M') && p.random() < 0.15) {
        // Press with the orders (D.X(1)): white to all, or gray (anonymous); a token to find it in the results.
        const token = createHash('sha1').update(`${o.seed}/press/${p.email}/${p.game}/${phase}`).digest('hex').slice(0, 10);
        pressSent.push({ token, game: p.game!, phase });
        stats.press++;
        lines = p.random() < 0.5
          ? [...lines, 'PRESS TO ALL', `${p.power[0]}${p.power.slice(1).toLowerCase()} wishes everyone a good ${phase.startsWith('S') ? 'spring' : 'autumn'} (press ${token})`, 'END PRESS']
          : [...lines, `GRAY PRESS TO ALL: someone is watching you (press ${token})`];
      }
      p.lastSet = { phase, lines, units: units.map((u) => `${u.kind} ${u.loc}`).sort().join(',') };
      reactMs.push(Date.now() - seenAt);
      await send(p, phase, lines, true, 'orders', replyTo);
    };

    /** A proposal announced (`Proposal: …`): vote on it as planned, then send the orders held back. */
    const vote = async (p: Player, m: Received) => {
      await sleep(Math.max(0, m.at + 1000 - Date.now()));
      const plan = votePlan(p.game);
      const phase = plan?.phase ?? '';
      const yes = p.random() < 0.5 ? 'VOTE YES' : 'vote yes';
      if (plan && p.power === plan.reviser) {
        await send(p, phase, ['VOTE NO'], false, 'vote');
        await sleep(1100);
        await send(p, phase, [yes], false, 'vote');
        stats.revisedVotes++;
        if (p.pendingFinal) {
          await sleep(1100);
          await send(p, p.pendingFinal.phase, p.pendingFinal.lines, true);
          p.pendingFinal = undefined;
        }
      } else {
        await send(p, phase, [yes], false, 'vote');
      }
    };

    /**
     * The captain on the board where he is the default replacement (B.8(c)): his NMR notice (B.8(b)),
     * then the judge's "A replacement for <POWER>" mail, on which he asks for the POSITION (the only
     * mail that tells him the power's units), and orders the open phase from its answer. True when the
     * mail was one of these; the board's results then come to him as to any player (handle, below).
     */
    const captainMail = async (p: Player, plan: NonNullable<typeof captainPlan>, m: Received): Promise<boolean> => {
      if (m.subject.includes(`] NMR: no orders from ${plan.power} for `)) { captainSeen.nmrNotice ??= m; return true; }
      if (m.subject.includes(`] A replacement for ${plan.power}`)) {
        if (captainSeen.request) return true; // a redelivery
        captainSeen.request = m;
        p.address = /send orders for [A-Z]+ to (\S+@[a-z0-9.-]+[a-z])/.exec(m.text.replace(/\s+/g, ' '))?.[1] ?? `${plan.game}@judge.example.org`;
        p.secret = players.find((x) => x.email === p.email)?.secret;
        await sleep(Math.max(0, m.at + 1000 - Date.now()));
        const messageId = `<${createHash('sha1').update(`${p.email}/${plan.game}/position/${sent.length}/${o.seed}`).digest('hex').slice(0, 16)}@example.org>`;
        await transport.sendMail({ from: `${p.name} <${p.email}>`, to: p.address, subject: 'POSITION', messageId, text: `POSITION\n\nPassword: ${p.secret}\n` });
        sent.push({ messageId, from: p.email, at: Date.now(), game: plan.game, phase: plan.phase, final: false });
        return true;
      }
      if (/\] (POSITION|MAP): /.test(m.subject) && m.inReplyTo && !captainSeen.position) {
        captainSeen.position = m;
        const pos = parsePositionLookup(m.text);
        if (!pos.phase) { log(`B.8(c): the POSITION answer names no phase: ${m.subject}`); return true; }
        captainSeen.firstPhase = pos.phase;
        await act(p, pos.phase, pos.position, positionAdjustText(plan.power, pos.position), pos.position.units.get(plan.power) ?? [], m.at);
        return true;
      }
      return false;
    };

    // A mail the judge sent again after a SIGKILL between the server's acceptance and the outbox's
    // record comes with its Message-ID: a player reads it once. (Acting on the copy of a results mail
    // once sent the extension requester's set Final before its requests were answered, so the phase
    // went early before the planned refusal, and the set after it was late: stop 49.)
    const readBy = new Set<string>();
    const handle = async (p: Player | undefined, m: Received) => {
      if (!p) return;
      if (m.messageId) {
        const once = `${p.email}|${m.messageId}`;
        if (readBy.has(once)) return;
        readBy.add(once);
      }
      if (p === captainRole && captainPlan && (await captainMail(p, captainPlan, m))) return;
      const game = /\[([a-z0-9-]+)\]/.exec(m.subject)?.[1];
      if (/The game begins|You take over/.test(m.subject) && game) {
        const taking = /You take over/.test(m.subject);
        if (taking && p !== reserve) return;
        p.game = game;
        p.address = /Orders to (\S+@\S+?);/.exec(m.text)?.[1] ?? `${game}@judge.example.org`;
        // A player who has a secret from an earlier game keeps it: the start mail says to use that one.
        p.secret = /Your secret: (\S+)/.exec(m.text)?.[1] ?? p.secret;
        const power = /You (?:now )?play ([A-Z]+)/.exec(m.text)?.[1] as Power | undefined;
        if (power) p.power = power;
        const units = parseUnitList(/Your units: (.*)/.exec(m.text)?.[1] ?? '');
        // A stand-in takes over in the open phase, the one the GM's REPLACE came in (B.7).
        if (taking && permanentPlan(game)) permanentTakeOver = m;
        await act(p, taking ? (standInPlan(game)?.from ?? permanentPlan(game)?.from ?? 'S1901M') : 'S1901M', undefined, m.text, units, m.at, m);
        return;
      }
      const ext = p.extension;
      const finalAfterExtensions = async () => {
        // The Final set (D.III(3)); the phase may now go early (D.VII(2)).
        ext!.done = true;
        await sleep(Math.max(0, m.at + 1000 - Date.now()));
        p.lastSet = { phase: ext!.phase, lines: ext!.lines, units: ext!.units };
        await send(p, ext!.phase, ext!.lines, true);
      };
      if (ext && !ext.done && game === ext.game && m.subject.includes(`] ${ext.phase} deadline extended:`) && ++ext.announced === 2) {
        ext.refusal = { asked: false, lastDeadline: gmtTime(/^New deadline: (.*)$/m.exec(m.text)?.[1]) };
        if (extensionPlan(game)?.refusal) {
          // Both extensions announced: a third request, which the GM refuses (D.VII(5): further
          // extensions are at his discretion); the set stays preliminary until the refusal is read.
          await sleep(Math.max(0, m.at + 1000 - Date.now()));
          await send(p, ext.phase, [...ext.lines, 'REQUEST EXTENSION OF 2 DAYS'], false);
          stats.extRequested++;
          ext.refusal.asked = true;
          return;
        }
        await finalAfterExtensions();
        return;
      }
      if (ext && !ext.done && ext.refusal?.asked && game === ext.game && m.subject.includes(`] Extension refused for ${p.power} (${ext.phase})`)) {
        ext.refusal.text = m.text;
        await finalAfterExtensions();
        return;
      }
      if (/\] Proposal: /.test(m.subject) && game === p.game) {
        await vote(p, m);
        return;
      }
      const results = /\(([SFW]\d{4}[MRA])\) results/.exec(m.subject);
      if (results && game) {
        const next = /Next: .*\(([SFW]\d{4}[MRA])\)/.exec(m.text)?.[1];
        if (!next) return;
        const pos = parsePosition(m.text);
        const mine = (pos.units.get(p.power) ?? []).map((u) => `${u.kind} ${u.loc}`).sort().join(',');
        const last = p.lastSet;
        if (latePlan.has(`${p.email}|${results[1]}`) && roundOf(game) === 1 && last !== undefined && last.phase === results[1] && last.units !== mine) {
          // The set for the phase just adjudicated, sent again: late.
          await sleep(Math.max(0, m.at + 500 - Date.now()));
          await send(p, last.phase, last.lines, true);
          lateIds.add(sent[sent.length - 1]!.messageId);
          stats.late++;
        }
        await act(p, next, pos, m.text, pos.units.get(p.power) ?? [], m.at, m);
      }
    };

    // The GM's mailbox is the record of each game's phases and final centres (every report goes there too).
    const watchGm = (m: Received) => {
      const game = /\[([a-z0-9-]+)\]/.exec(m.subject)?.[1];
      // The GM's secret, from the GM's copy of a game-start mail (docs/gms.md, "Sending a GM command").
      if (/The game begins/.test(m.subject)) gmSecret ??= /Your secret: (\S+)/.exec(m.text)?.[1];
      // D.VII(5): a further extension is the GM's decision; the scripted GM grants it by replying.
      const asked = /Extension request from ([A-Z]+): (\d+) hours? \(([SFW]\d{4}[MRA])\)/.exec(m.subject);
      if (game && asked && extensionPlan(game) && !gmDone.has(m.messageId)) {
        gmDone.add(m.messageId);
        // The first request passed to him he grants; the next (48 hours) he refuses (D.VII(5)).
        const answer = (gmRequests.get(game) ?? 0) === 0 ? `EXTEND ${asked[1]} ${asked[2]}` : `REFUSE EXTENSION ${asked[1]}`;
        gmRequests.set(game, (gmRequests.get(game) ?? 0) + 1);
        gmBusy = gmBusy.then(async () => {
          await sleep(Math.max(0, m.at + 1000 - Date.now()));
          const messageId = `<${createHash('sha1').update(`${GM}/${game}/extend/${sent.length}/${o.seed}`).digest('hex').slice(0, 16)}@example.org>`;
          await transport.sendMail({ from: `Game Master <${GM}>`, to: `${game}@judge.example.org`, subject: `Re: ${m.subject}`, messageId, inReplyTo: m.messageId, references: m.messageId, text: `${answer}\n\nSecret: ${gmSecret ?? '(none seen)'}\n` });
          sent.push({ messageId, from: GM, at: Date.now(), game, phase: asked[3]!, final: false });
          stats.gmAnswers++;
        }).catch((e: Error) => log(`GM: ${e.message}`));
      }
      const sp = standInPlan(game);
      if (game && sp && /\) results$/.test(m.subject) && /Next: .*\(([SFW]\d{4}[MRA])\)/.exec(m.text)?.[1] === sp.from && !gmDone.has(m.messageId)) {
        gmDone.add(m.messageId);
        gmBusy = gmBusy.then(async () => {
          await sleep(Math.max(0, m.at + 500 - Date.now()));
          const messageId = `<${createHash('sha1').update(`${GM}/${game}/replace/${sent.length}/${o.seed}`).digest('hex').slice(0, 16)}@example.org>`;
          await transport.sendMail({ from: `Game Master <${GM}>`, to: `${game}@judge.example.org`, subject: `${sp.power} stand-in`, messageId, text: `REPLACE ${sp.power} ${reserve.email} ${reserve.name} UNTIL ${sp.until}\n\nSecret: ${gmSecret ?? '(none seen)'}\n` });
          sent.push({ messageId, from: GM, at: Date.now(), game, phase: sp.from, final: false });
          stats.gmReplaces++;
        }).catch((e: Error) => log(`GM: ${e.message}`));
      }
      // B.8(c): the captain's board is slowed down (D.VII(4)(a): the GM "may … slow down the timing")
      // when the phase of the planned NMR opens, so that the next phase, opened at its deadline, has
      // room for the contact period and the captain's chain of mails (captainHours); the NMR's own
      // phase keeps the board's 72 hours, which it waits out (an NMR never goes early, D.VII(2)).
      if (game && captainPlan?.game === game && /\) results$/.test(m.subject) && /Next: .*\(([SFW]\d{4}[MRA])\)/.exec(m.text)?.[1] === captainPlan.phase && !gmDone.has(`calendar ${m.messageId}`)) {
        gmDone.add(`calendar ${m.messageId}`);
        gmBusy = gmBusy.then(async () => {
          await cliAsync(['calendar', game, '--movement-hours', String(captainHours)]);
          stats.gmCalendar++;
        }).catch((e: Error) => log(`GM: ${e.message}`));
      }
      const pp = permanentPlan(game);
      if (game && pp && /\) results$/.test(m.subject) && /Next: .*\(([SFW]\d{4}[MRA])\)/.exec(m.text)?.[1] === pp.from && !gmDone.has(m.messageId)) {
        gmDone.add(m.messageId);
        permanentResultsText = m.text;
        gmBusy = gmBusy.then(async () => {
          await sleep(Math.max(0, m.at + 500 - Date.now()));
          const messageId = `<${createHash('sha1').update(`${GM}/${game}/replace-permanent/${sent.length}/${o.seed}`).digest('hex').slice(0, 16)}@example.org>`;
          await transport.sendMail({ from: `Game Master <${GM}>`, to: `${game}@judge.example.org`, subject: `${pp.power} replacement`, messageId, text: `REPLACE ${pp.power} ${reserve.email} ${reserve.name}\n\nSecret: ${gmSecret ?? '(none seen)'}\n` });
          sent.push({ messageId, from: GM, at: Date.now(), game, phase: pp.from, final: false });
          stats.gmPermanent++;
        }).catch((e: Error) => log(`GM: ${e.message}`));
      }
      const results = /\(([SFW]\d{4}[MRA])\) results/.exec(m.subject);
      if (game && results) {
        phasesOf.set(game, [...(phasesOf.get(game) ?? []), results[1]!]);
        finalText.set(game, m.text);
      }
      // D.IX(2): a passed proposal is published instead of the phase's adjudication, with the centres.
      const over = /The game is over: (.*)$/.exec(m.subject);
      if (game && over) {
        const phase = /instead of the\s+([SFW]\d{4}[MRA])\s+adjudication/.exec(m.text)?.[1];
        if (phase) phasesOf.set(game, [...(phasesOf.get(game) ?? []), phase]);
        finalText.set(game, m.text);
        const draw = /A draw between (.+) has been agreed/.exec(over[1]!);
        const conceded = /concession of the win to (\w+) has been agreed/.exec(over[1]!);
        if (draw) endedBy.set(game, { kind: 'draw', powers: draw[1]!.split(',').map((x) => x.trim().toUpperCase() as Power) });
        else if (conceded) endedBy.set(game, { kind: 'concession', power: conceded[1]!.toUpperCase() as Power });
      }
    };

    const actorOf = new Map(actors.map((p) => [p.email, p]));
    const poll = async () => {
      for (const msg of await reader.pass()) {
        const address = msg.address;
        const parsed = await simpleParser(msg.source);
        const r: Received = {
          to: address, messageId: parsed.messageId ?? '', subject: parsed.subject ?? '', inReplyTo: parsed.inReplyTo as string | undefined,
          // Only the CSV attachments (the standings) are kept: the map pictures of every results mail
          // held the script's memory at 800 MB at 21 teams.
          at: Date.now(), text: parsed.text ?? '', attachments: parsed.attachments.filter((a) => a.filename?.endsWith('.csv')), from: parsed.from?.value[0]?.address ?? '',
        };
        allMail.push(r);
        if (/\) results$/.test(r.subject)) resultsRead++;
        const ppGame = /^\[([a-z0-9-]+)\] [A-Z]+: .* takes over \(permanent\)/.exec(r.subject)?.[1];
        if (ppGame && permanentPlan(ppGame)) { permanentAnnounced.add(address); for (const w of announcedWaiters) w(); }
        if (/standings/i.test(r.subject) && r.attachments.some((a) => a.filename?.endsWith('.csv'))) standingsMails.push(r);
        if (address === GM) watchGm(r);
        // The captain standing in (B.8(c)) reads that board's mail as its player, his own board's as his own.
        const p = captainRole && address === captainRole.email && /\[([a-z0-9-]+)\]/.exec(r.subject)?.[1] === captainRole.game ? captainRole : actorOf.get(address);
        if (p) p.busy = p.busy.then(() => handle(p, r)).catch((e: Error) => log(`player ${p.email}: ${e.message}`));
      }
    };

    const playStart = Date.now();
    await seatRound(1);

    // 4. Play until every player has the last round's standings, killing the judge mid-deadline --kills
    // times; when every player has round r's standings mail, the TD advances and seats round r + 1.
    let killsDone = 0;
    let lastKillPhases = -1;
    // The kills spread over the processes: a seeded order of the slots, taken in turn (each process is
    // killed once before any is killed twice).
    const killRandom = rng(`${o.seed}/kills`);
    const killOrder = slots.map((s) => ({ s, k: killRandom() })).sort((a, b) => a.k - b.k).map((x) => x.s);
    let round = 1;
    const deadlineAt = Date.now() + (o.timeoutSeconds ?? 600) * 1000;
    let nextProgress = Date.now() + 30_000;
    for (;;) {
      await poll();
      if (Date.now() >= nextProgress) {
        // A line every 30 real seconds, to follow a long run (the load average: the machine is shared).
        nextProgress = Date.now() + 30_000;
        loadPeak = Math.max(loadPeak, loadavg()[0]!);
        const [pr] = await q<{ adjudicated: string; open: string; pending: string }>(`SELECT (SELECT count(*) FROM phases WHERE adjudicated_at IS NOT NULL AND superseded_at IS NULL) AS adjudicated,
          (SELECT count(*) FROM phases WHERE adjudicated_at IS NULL AND superseded_at IS NULL) AS open, (SELECT count(*) FROM outbox WHERE status = 'pending') AS pending`);
        log(`progress: real +${((Date.now() - wallStart) / 1000).toFixed(0)} s (simulated ${simNow().toISOString().slice(0, 16)}), round ${round}: ${pr!.adjudicated} phases adjudicated, ${pr!.open} open; ${sent.length} mails sent by the players, ${allMail.length} read, ${pr!.pending} judge mails pending; load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
      }
      const got = new Set(standingsMails.filter((m) => standingsRound(m) === round).map((m) => m.to));
      if (players.every((p) => got.has(p.email))) {
        log(`round ${round}: every player has its standings mail (real +${((Date.now() - wallStart) / 1000).toFixed(1)} s)`);
        roundEnds.push(Date.now());
        if (round === o.rounds) break;
        round++;
        await speedUpFor(round);
        await seatRound(round);
        continue;
      }
      if (Date.now() > deadlineAt) {
        // What the judge made of the players' mail, to see why the round stalled.
        for (const line of await stallReport(pool, simNow())) log(line);
        throw new Error(`round ${round} did not finish within ${o.timeoutSeconds ?? 600} s; games: ${JSON.stringify(Object.fromEntries(phasesOf))}`);
      }
      if (killsDone < o.kills) {
        // Mid-deadline: an adjudication running, or its results queued but not all sent; at most one
        // kill per adjudication (the count of phases adjudicated has moved since the last).
        const [busy] = await q<{ n: string; phases: string }>(`SELECT
            (SELECT count(*) FROM graphile_worker.jobs WHERE task_identifier = 'adjudicate-phase' AND locked_at IS NOT NULL)
          + (SELECT count(*) FROM outbox WHERE status = 'pending' AND kind = 'adjudication-report') AS n,
            (SELECT count(*) FROM phases WHERE adjudicated_at IS NOT NULL) AS phases`);
        if (Number(busy!.n) > 0 && Number(busy!.phases) !== lastKillPhases && random() < 0.7) {
          const slot = killOrder[killsDone % killOrder.length]!;
          const pid = slot.child?.pid;
          await stopJudgeProcess(slot, 'SIGKILL');
          killsDone++;
          slot.figures.kills++;
          lastKillPhases = Number(busy!.phases);
          log(`SIGKILLed ${slots.length > 1 ? `${slot.figures.label} (${slot.figures.roles}, pid ${pid})` : `the judge (pid ${pid})`} with ${busy!.n} adjudication(s)/result mail(s) in flight; restarting it`);
          await startJudgeProcess(slot);
        }
      }
      await sleep(150);
    }
    await Promise.all(calendarsPending);
    await Promise.all([...actors, ...(captainRole ? [captainRole] : [])].map((p) => p.busy));
    await gmBusy;
    // Everything the judge queued sent (mail still in flight after the standings), then a last look
    // for late duplicates, then stop the judge cleanly.
    for (let i = 0; i < 100; i++) {
      const [pending] = await q<{ n: string }>(`SELECT count(*) AS n FROM outbox WHERE status = 'pending'`);
      if (Number(pending!.n) === 0) break;
      await sleep(200);
    }
    // Postfix may defer an LMTP delivery and retry a second or more later: look until every result
    // mail the outbox holds is in its mailbox, or 20 s.
    const [queued] = await q<{ n: string }>(`SELECT count(*) AS n FROM outbox WHERE kind = 'adjudication-report'`);
    for (let i = 0; i < 40; i++) {
      await sleep(500);
      await poll();
      if (resultsRead >= Number(queued!.n)) break;
    }
    await sleep(1000);
    await poll();
    await Promise.all(slots.map((slot) => stopJudgeProcess(slot, 'SIGTERM')));
    const countStart = Date.now();

    // Each process's share of the work, by the name its connections gave the 0030 columns.
    const unattributed = { stored: 0, decided: 0, adjudicated: 0, sent: 0 };
    const shares: [keyof typeof unattributed, string][] = [
      ['stored', 'SELECT stored_by AS by, count(*) AS n FROM inbound_messages GROUP BY 1'],
      ['decided', 'SELECT decided_by AS by, count(*) AS n FROM inbound_decisions GROUP BY 1'],
      ['adjudicated', 'SELECT adjudicated_by AS by, count(*) AS n FROM phases WHERE adjudicated_at IS NOT NULL AND superseded_at IS NULL GROUP BY 1'],
      ['sent', `SELECT sent_by AS by, count(*) AS n FROM outbox WHERE status = 'sent' GROUP BY 1`],
    ];
    for (const [field, text] of shares) {
      for (const r of await q<{ by: string | null; n: string }>(text)) {
        const slot = slots.find((s) => r.by !== null && s.figures.names.includes(r.by));
        (slot ? slot.figures : unattributed)[field] += Number(r.n);
      }
    }

    // 5. What happened, from the database and the mailboxes.
    const sentIds = new Set(sent.map((s) => s.messageId));
    const storedRows = await q<{ message_id: string; n: string }>(`SELECT message_id, count(*) AS n FROM inbound_messages WHERE message_id = ANY($1) GROUP BY message_id`, [[...sentIds]]);
    const decidedRows = await q<{ message_id: string; n: string }>(`SELECT m.message_id, count(*) AS n FROM inbound_decisions d JOIN inbound_messages m ON m.id = d.inbound_message_id WHERE m.message_id = ANY($1) GROUP BY m.message_id`, [[...sentIds]]);
    const sentById = new Map(sent.map((x) => [x.messageId, x]));
    // The counting's indexes, built once: by the subject's [game] tag, and by game and recipient.
    // (Scanning every mail read per player, game or press message was quadratic: at --full's 1,029
    // players and ~35,000 results mails the counting alone would have taken minutes.)
    const mailOfGame = new Map<string, Received[]>();
    const mailOfGameTo = new Map<string, Received[]>();
    for (const m of allMail) {
      const g = /^\[([a-z0-9-]+)\]/.exec(m.subject)?.[1];
      if (g === undefined) continue;
      for (const [index, k] of [[mailOfGame, g], [mailOfGameTo, `${g}|${m.to}`]] as const) {
        const list = index.get(k);
        if (list) list.push(m);
        else index.set(k, [m]);
      }
    }
    const playerEmails = new Set(players.map((p) => p.email));
    const gameMail = (g: string) => mailOfGame.get(g) ?? [];
    const gameMailTo = (g: string, to: string) => mailOfGameTo.get(`${g}|${to}`) ?? [];
    const acks = allMail.filter((m) => m.inReplyTo && sentIds.has(m.inReplyTo) && m.to === sentById.get(m.inReplyTo)?.from);
    // Per order mail, its acknowledgements' distinct Message-IDs (two = two mails) and copies (redeliveries).
    const ackIds = new Map<string, Set<string>>();
    for (const a of acks) ackIds.set(a.inReplyTo!, (ackIds.get(a.inReplyTo!) ?? new Set()).add(a.messageId));
    const ackCount = new Map([...ackIds].map(([k, ids]) => [k, ids.size]));
    const ackRedelivered = acks.length - [...ackIds.values()].reduce((n, ids) => n + ids.size, 0);
    const extra = (rows: Iterable<number>) => [...rows].reduce((s, n) => s + Math.max(0, n - 1), 0);
    const outcomes = Object.fromEntries((await q<{ outcome: string; n: string }>(`SELECT d.outcome, count(*) AS n FROM inbound_decisions d JOIN inbound_messages m ON m.id = d.inbound_message_id WHERE m.message_id = ANY($1) GROUP BY 1 ORDER BY 1`, [[...sentIds]])).map((r) => [r.outcome, Number(r.n)]));
    for (const r of await q<{ message_id: string; reason: string; received_at: Date; phase: string }>(`SELECT m.message_id, d.reason, m.received_at, d.phase FROM inbound_decisions d JOIN inbound_messages m ON m.id = d.inbound_message_id WHERE d.outcome = 'late' AND m.message_id = ANY($1)`, [[...sentIds]])) {
      const s = sentById.get(r.message_id);
      log(`late: ${s?.from} ${s?.game} ${s?.phase} sent at real +${s ? ((s.at - anchor.getTime()) / 1000).toFixed(1) : '?'} s, received ${r.received_at.toISOString()} (simulated): ${r.reason}`);
    }
    const messages = { sent: sent.length, stored: storedRows.length, decided: decidedRows.length, acknowledged: ackCount.size };
    const lost = sent.length - Math.min(messages.stored, messages.decided, messages.acknowledged);
    const duplicated = extra(storedRows.map((r) => Number(r.n))) + extra(decidedRows.map((r) => Number(r.n))) + extra(ackCount.values());

    // Phases: those the GM was mailed results of (the chain from S1901M to the end), each adjudicated once.
    const adjudications = await q<{ game_id: string; phase: string; n: string }>(`SELECT game_id, (detail->>'phase') AS phase, count(*) AS n FROM audit_log WHERE action = 'phase.adjudicate' GROUP BY 1, 2`);
    const adjudicatedRows = await q<{ game_id: string; name: string }>(`SELECT game_id, name FROM phases WHERE adjudicated_at IS NOT NULL AND superseded_at IS NULL`);
    const realSecond = (d: Date) => ((realAt(clock, d).getTime() - anchor.getTime()) / 1000).toFixed(1);
    for (const r of await q<{ game_id: string; name: string; deadline: Date; adjudicated_at: Date }>(`SELECT game_id, name, deadline, adjudicated_at FROM phases WHERE adjudicated_at IS NOT NULL ORDER BY adjudicated_at`)) {
      log(`  ${r.game_id} ${r.name}: adjudicated at real +${realSecond(r.adjudicated_at)} s (deadline +${realSecond(r.deadline)} s)`);
    }
    const expectedPhases = [...phasesOf.values()].reduce((s, l) => s + new Set(l).size, 0);
    const adjudicatedTwice = adjudications.filter((a) => Number(a.n) > 1).length;
    // Every results mail to every holder and the GM once: 8 per adjudicated phase.
    const resultsKey = (m: Received) => `${m.to}|${m.subject}`;
    // The stand-in's copies are counted apart (replacements.standInResultMails): 8 readers per phase here.
    // (The reserve's copies count on the board where he is the permanent player: 8 readers per phase there too.)
    const resultMailsIn = allMail.filter((m) => /\) results$/.test(m.subject) && (m.to !== reserve.email || permanentPlan(/\[([a-z0-9-]+)\]/.exec(m.subject)?.[1]) !== undefined));
    const resultIds = new Map<string, Set<string>>();
    for (const m of resultMailsIn) resultIds.set(resultsKey(m), (resultIds.get(resultsKey(m)) ?? new Set()).add(m.messageId));
    const resultSet = new Map([...resultIds].map(([k, ids]) => [k, ids.size]));
    const resultRedelivered = resultMailsIn.length - [...resultIds.values()].reduce((n, ids) => n + ids.size, 0);
    // A phase a passed proposal ended has no results mail (D.IX(2): the result instead of the adjudication).
    const votePhases = await q<{ game_id: string; name: string }>(`SELECT game_id, name FROM phases WHERE adjudicated_at IS NOT NULL AND superseded_at IS NULL AND (results->>'endedByVote') IS NOT NULL`);
    const voteMails = new Set(allMail.filter((m) => /\] The game is over: /.test(m.subject)).map((m) => `${m.to}|${m.subject}`));
    const endedByVote = { games: votePhases.length, proposals: stats.proposals, voteResultMails: { expected: votePhases.length * 9, delivered: voteMails.size } };
    const resultMails = { expected: (adjudicatedRows.length - votePhases.length) * 8, delivered: resultSet.size, duplicated: extra(resultSet.values()), redelivered: resultRedelivered };
    if (resultMails.delivered !== resultMails.expected) {
      const rows = await q<{ to_address: string; subject: string | null; status: string; game_id: string }>(`SELECT to_address, subject, status, game_id FROM outbox WHERE kind = 'adjudication-report'`);
      const missing = rows.filter((r) => !resultSet.has(`${r.to_address.toLowerCase()}|${r.subject ?? ''}`));
      log(`result mails: ${rows.length} in the outbox; not in a mailbox: ${JSON.stringify(missing.slice(0, 10))}`);
    }
    // The late sets on purpose, refused as late; each press message in the results of all 8 readers.
    const lateRefused = Number((await q<{ n: string }>(`SELECT count(*) AS n FROM inbound_decisions d JOIN inbound_messages m ON m.id = d.inbound_message_id WHERE d.outcome = 'late' AND m.message_id = ANY($1)`, [[...lateIds]]))[0]?.n ?? 0);
    // Each results mail's press tokens read once (a token is 10 hex digits, `(press <token>)`), not every mail per press message.
    const pressReaders = new Map<string, Set<string>>();
    for (const m of resultMailsIn) {
      for (const t of m.text.matchAll(/\(press ([0-9a-f]{10})\)/g)) pressReaders.set(t[1]!, (pressReaders.get(t[1]!) ?? new Set()).add(m.to));
    }
    // At least the 8 readers of the board (a captain standing in reads that board's results too).
    const pressPublished = pressSent.filter((x) => (pressReaders.get(x.token)?.size ?? 0) >= 8).length;
    for (const x of pressSent) {
      const readers = pressReaders.get(x.token)?.size ?? 0;
      if (readers < 8) log(`press ${x.token} (${x.game} ${x.phase}): in the results of ${readers} reader(s), not 8`);
    }
    // D.VII(5): the requests, the grants (the guaranteed one and the GM's), and the new deadlines as
    // the board's players read them: two deadline-changed mails each, the second's "Was" the first's
    // "New deadline", 72 and then 24 hours later than the one before, the last the phase's deadline.
    const extGame = `${SLUG}-r1-b1`;
    const extPlanned = extensionPlan(extGame);
    let extensionRedelivered = 0;
    const extensions = { requested: stats.extRequested, granted: 0, byGm: 0, refused: 0, gmAnswers: stats.gmAnswers, announced: 0, players: 0, refusalRead: 0 };
    if (extPlanned && games.includes(extGame)) {
      const rows = await q<{ decision: string; answers_id: number | null }>(`SELECT decision, answers_id FROM extensions WHERE game_id = $1 AND phase = $2 AND power = $3`, [extGame, extPlanned.phase, extPlanned.requester]);
      extensions.granted = rows.filter((r) => r.decision === 'granted').length;
      extensions.byGm = rows.filter((r) => r.decision === 'granted' && r.answers_id !== null).length;
      extensions.refused = rows.filter((r) => r.decision === 'refused' && r.answers_id !== null).length;
      const [ph] = await q<{ deadline: Date }>(`SELECT deadline FROM phases WHERE game_id = $1 AND name = $2 AND superseded_at IS NULL`, [extGame, extPlanned.phase]);
      const holders = new Set(gameMail(extGame).filter((m) => m.subject.startsWith(`[${extGame}] The game begins`) && playerEmails.has(m.to)).map((m) => m.to));
      extensions.players = holders.size;
      const hour = 3_600_000;
      for (const to of holders) {
        // One per Message-ID: a copy sent again after a SIGKILL between the server's acceptance and
        // the outbox's record of it is a redelivery (counted with the others), not a second announcement.
        const copies = gameMailTo(extGame, to).filter((m) => m.subject.startsWith(`[${extGame}] ${extPlanned.phase} deadline extended:`));
        const byId = new Map(copies.map((m) => [m.messageId, m]));
        extensionRedelivered += copies.length - byId.size;
        const moves = [...byId.values()]
          .map((m) => ({ now: gmtTime(/^New deadline: (.*)$/m.exec(m.text)?.[1]), was: gmtTime(/^Was:\s+(.*)$/m.exec(m.text)?.[1]) }))
          .sort((a, b) => a.was - b.was);
        const ok = moves.length === 2 && moves[0]!.now === moves[0]!.was + 72 * hour && moves[1]!.was === moves[0]!.now && moves[1]!.now === moves[1]!.was + 24 * hour && moves[1]!.now === ph?.deadline.getTime();
        if (ok) extensions.announced++;
        else log(`extension: ${to} read ${JSON.stringify(moves.map((x) => ({ was: new Date(x.was), now: new Date(x.now) })))} (phase deadline ${ph?.deadline.toISOString()})`);
      }
      // The refusal as the requester read it: D.VII(5) names the GM's discretion over further
      // extensions; 2 days asked = 48 hours; a refusal moves nothing, so the deadline it gives is the
      // one the second "deadline extended" mail gave (original + 72 + 24 hours), the phase's own.
      const requester = players.find((x) => x.extension?.game === extGame);
      const refusal = requester?.extension?.refusal;
      if (refusal?.text !== undefined) {
        const declined = /declined your request for a further extension of 48 hours \(rule D\.VII\(5\)\)/.test(refusal.text);
        const deadline = gmtTime(new RegExp(`^The ${extPlanned.phase} deadline: (.*)$`, 'm').exec(refusal.text)?.[1]);
        if (declined && deadline === refusal.lastDeadline && deadline === ph?.deadline.getTime()) extensions.refusalRead = 1;
        else log(`extension refusal: ${requester!.email} read ${JSON.stringify(refusal.text.slice(0, 400))} (last deadline read ${refusal.lastDeadline} ms, phase ${ph?.deadline.toISOString()})`);
      }
    }
    // B.7: the stand-in's period, as the judge recorded it and as the round's standings scored it.
    const spGame = `${SLUG}-r1-b2`;
    const sp = standInPlan(spGame);
    const replacements = { gmMails: stats.gmReplaces, temporary: 0, standInSets: 0, returned: 0, playerSetsAfter: 0, standInResultMails: 0, scoredToPlayer: false };
    if (sp && games.includes(spGame)) {
      const audit = await q<{ action: string; n: string }>(`SELECT action, count(*) AS n FROM audit_log WHERE game_id = $1 AND action IN ('position.replace', 'position.return') AND detail->>'power' = $2 AND (action <> 'position.replace' OR detail->>'kind' = 'temporary') GROUP BY 1`, [spGame, sp.power]);
      replacements.temporary = Number(audit.find((a) => a.action === 'position.replace')?.n ?? 0);
      replacements.returned = Number(audit.find((a) => a.action === 'position.return')?.n ?? 0);
      const ordersFrom = async (from: string | undefined) => (await q<{ phase: string }>(`SELECT d.phase FROM inbound_decisions d JOIN inbound_messages m ON m.id = d.inbound_message_id WHERE d.outcome = 'orders' AND m.message_id = ANY($1)`, [sent.filter((x) => x.from === from && x.game === spGame).map((x) => x.messageId)])).map((r) => r.phase);
      replacements.standInSets = (await ordersFrom(reserve.email)).length;
      replacements.playerSetsAfter = (await ordersFrom(standInOriginal)).filter((ph) => ph && !inStandInPeriod(sp, ph) && phaseIndex(parsePhase(ph)!) >= phaseIndex(parsePhase(sp.until)!)).length;
      replacements.standInResultMails = new Set(allMail.filter((m) => m.to === reserve.email && /\) results$/.test(m.subject)).map((m) => m.subject)).size;
      const r1 = standingsMails.find((m) => standingsRound(m) === 1);
      const csvText = r1?.attachments.find((a) => a.filename?.endsWith('.csv'))?.content.toString('utf8') ?? '';
      const [head, ...rows] = csvText.trim().split(/\r?\n/).map((l) => l.split(','));
      const row = rows.filter((r) => r[head!.indexOf('game')] === spGame && r[head!.indexOf('power')] === sp.power);
      // The mailed CSV names the player (`player`, and `email` where it has the column).
      const original = players.find((x) => x.email === standInOriginal);
      replacements.scoredToPlayer = original !== undefined && row.length === 1 && (row[0]!.includes(original.name) || row[0]!.includes(original.email)) && !row[0]!.includes(reserve.name) && !row[0]!.includes(reserve.email);
      if (!replacements.scoredToPlayer) log(`stand-in: the round-1 standings rows for ${spGame} ${sp.power}: ${JSON.stringify(row)} (player of record ${standInOriginal})`);
    }
    // No mail to anyone outside the event: every outbox row addressed to a registered player, the GM or the TD.
    const event = new Set([...mailboxes].map((a) => a.toLowerCase()));
    const outside = (await q<{ to_address: string }>('SELECT to_address FROM outbox')).filter((r) => !event.has(r.to_address.toLowerCase())).length;

    // B.7, B.8: the permanent replacement, as the judge recorded it and as the players read it.
    const ppGame = `${SLUG}-r${o.rounds}-b1`;
    const pp = permanentPlan(ppGame);
    const permanent = { gmMails: stats.gmPermanent, permanent: 0, announced: 0, takeOverRead: 0, replacementSets: 0, rows: 0, players: [] as string[] };
    const holders = new Map<string, Holders>();
    const original = players.find((x) => x.email === permanentOriginal);
    if (pp && games.includes(ppGame)) {
      permanent.permanent = Number((await q<{ n: string }>(`SELECT count(*) AS n FROM audit_log WHERE game_id = $1 AND action = 'position.replace' AND detail->>'power' = $2 AND detail->>'kind' = 'permanent'`, [ppGame, pp.power]))[0]?.n ?? 0);
      // Who must read it: the board's seven players as seated (their game-start mails), the GM, and
      // the incoming player (B.7: "declares … to all players and the GM").
      const seated = new Set(gameMail(ppGame).filter((m) => m.subject.startsWith(`[${ppGame}] The game begins`)).map((m) => m.to));
      const readers = [...seated, reserve.email];
      const says = original ? `${reserve.name} is now the player of ${pp.power}, replacing ${original.name}: a permanent replacement.` : '\u0000';
      permanent.announced = readers.filter((to) => gameMailTo(ppGame, to).some((m) => m.subject.startsWith(`[${ppGame}] ${pp.power}: ${reserve.name} takes over (permanent)`) && m.text.replace(/\s+/g, ' ').includes(says))).length;
      if (permanent.announced !== 9) log(`permanent: ${permanent.announced} of ${readers.length} read "${says}"`);
      // The take-over mail: B.8, and the units the S1901M results gave the power (as the GM read them).
      const mailed = (parsePosition(permanentResultsText ?? '').units.get(pp.power) ?? []).map((u) => `${u.kind} ${u.loc}`).sort().join(',');
      const told = parseUnitList(/Your units: (.*)/.exec(permanentTakeOver?.text ?? '')?.[1] ?? '').map((u) => `${u.kind} ${u.loc}`).sort().join(',');
      if (permanentTakeOver && /as a replacement \(rule B\.8\)/.test(permanentTakeOver.text) && told !== '' && told === mailed) permanent.takeOverRead = 1;
      else log(`permanent: the take-over mail gave units "${told}", the S1901M results "${mailed}": ${JSON.stringify(permanentTakeOver?.text.slice(0, 300))}`);
      permanent.replacementSets = Number((await q<{ n: string }>(`SELECT count(*) AS n FROM inbound_decisions d JOIN inbound_messages m ON m.id = d.inbound_message_id WHERE d.outcome = 'orders' AND d.game_id = $1 AND m.message_id = ANY($2)`, [ppGame, sent.filter((x) => x.from === reserve.email && x.game === ppGame).map((x) => x.messageId)]))[0]?.n ?? 0);
      // C.14: the player held S1901 (season 0), the reserve from F1901 (season 1) to the end; the
      // game's last season is its last phase's (a vote ends it instead of that phase's adjudication).
      const last = (phasesOf.get(ppGame) ?? []).at(-1) ?? pp.from;
      if (original) holders.set(ppGame, { power: pp.power, periods: [{ player: original.name, from: 'S1901', to: seasonName(seasonIndex(pp.from) - 1) }, { player: reserve.name, from: seasonName(seasonIndex(pp.from)), to: seasonName(seasonIndex(last)) }] });
      const r = standingsMails.find((m) => standingsRound(m) === o.rounds);
      const csvText = r?.attachments.find((a) => a.filename?.endsWith('.csv'))?.content.toString('utf8') ?? '';
      const [head, ...rows] = csvText.trim().split(/\r?\n/).map((l) => l.split(','));
      const mine = rows.filter((x) => x[head!.indexOf('game')] === ppGame && x[head!.indexOf('power')] === pp.power);
      permanent.rows = mine.length;
      permanent.players = mine.map((x) => `${x[head!.indexOf('player')]} ${x[head!.indexOf('score')]}`);
    }

    // B.8(c): the captain's replacement after an NMR, as the judge recorded it and as people read it.
    let captain: RehearsalSummary['captain'];
    if (captainPlan) {
      const cp = captainPlan;
      const orig = players.find((x) => x.email === cp.player)!;
      const cap = players.find((x) => x.email === cp.captain)!;
      const flat = (t: string | undefined) => (t ?? '').replace(/\s+/g, ' ');
      captain = { game: cp.game, power: cp.power, player: orig.name, captain: cap.name, nmrNoticeRead: 0, requestRead: 0, positionRead: 0, captainSets: 0, confirmed: 0, announced: 0, readers: 0, rows: 0, players: [] };
      // B.8(b): the captain is told of the NMR, by name, power and phase (templates/nmr-notice.hbs).
      if (flat(captainSeen.nmrNotice?.text).includes(`${orig.name}, who plays ${cp.power} for your team, sent no orders for ${cp.phase}`) && flat(captainSeen.nmrNotice?.text).includes('We are telling you as the team captain (rule B.8(b))')) captain.nmrNoticeRead = 1;
      else log(`B.8(c): the captain's NMR notice: ${JSON.stringify(captainSeen.nmrNotice?.text.slice(0, 400))}`);
      // D.VII(6)(a) then B.8(c): no contact in time, so the captain is the default replacement in round 1.
      const asked = `${cp.power} needs a replacement (NMR in ${cp.phase} and no contact with the GM in time, rule D.VII(6)(a)). In the first round the team captain is the default replacement (rule B.8(c)): you may now send orders for ${cp.power} to ${cp.game}@judge.example.org`;
      if (flat(captainSeen.request?.text).includes(asked)) captain.requestRead = 1;
      else log(`B.8(c): the request mail: ${JSON.stringify(captainSeen.request?.text.slice(0, 500))}`);
      // The POSITION answer: the power's units as the NMR phase's results left them (all held, D.VII(6)(c)).
      const nmrResults = gameMailTo(cp.game, GM).find((m) => m.subject.includes(`(${cp.phase}) results`));
      const unitsOf = (pos: Position) => (pos.units.get(cp.power) ?? []).map((u) => `${u.kind} ${u.loc}`).sort().join(',');
      const lookedUp = captainSeen.position ? unitsOf(parsePositionLookup(captainSeen.position.text).position) : '';
      const mailed = nmrResults ? unitsOf(parsePosition(nmrResults.text)) : '\u0000';
      if (lookedUp !== '' && lookedUp === mailed && captainSeen.firstPhase === /Next: .*\(([SFW]\d{4}[MRA])\)/.exec(nmrResults?.text ?? '')?.[1]) captain.positionRead = 1;
      else log(`B.8(c): POSITION gave "${lookedUp}" for ${captainSeen.firstPhase}, the ${cp.phase} results "${mailed}"`);
      captain.captainSets = Number((await q<{ n: string }>(`SELECT count(*) AS n FROM inbound_decisions d JOIN inbound_messages m ON m.id = d.inbound_message_id WHERE d.outcome = 'orders' AND d.game_id = $1 AND m.message_id = ANY($2)`, [cp.game, sent.filter((x) => x.from === cap.email && x.game === cp.game).map((x) => x.messageId)]))[0]?.n ?? 0);
      captain.confirmed = Number((await q<{ n: string }>(`SELECT count(*) AS n FROM audit_log WHERE game_id = $1 AND action = 'position.replace' AND detail->>'power' = $2 AND detail->>'kind' = 'permanent' AND detail->>'rule' = 'B.8(c)'`, [cp.game, cp.power]))[0]?.n ?? 0);
      // Everyone on the board as seated (the player who NMR'd among them), the GM and the captain.
      const readers = [...new Set([...gameMail(cp.game).filter((m) => m.subject.startsWith(`[${cp.game}] The game begins`)).map((m) => m.to), cap.email])];
      captain.readers = readers.length;
      const says = `${cap.name} is now the player of ${cp.power}, replacing ${orig.name}: a permanent replacement. Why: the team captain, standing in, sent orders and is now the official player (B.8(c))`;
      captain.announced = readers.filter((to) => gameMailTo(cp.game, to).some((m) => m.subject.startsWith(`[${cp.game}] ${cp.power}: ${cap.name} takes over (permanent)`) && flat(m.text).includes(says))).length;
      if (captain.announced !== captain.readers) log(`B.8(c): ${captain.announced} of ${captain.readers} read "${says}"`);
      // C.14: the player held the seasons before the captain's first order, the captain from it to the end.
      const last = (phasesOf.get(cp.game) ?? []).at(-1) ?? cp.phase;
      // (A captain who stood in from S1901M, after an unplanned 1901 NMR, holds every season alone.)
      const firstSeason = captainSeen.firstPhase ? seasonIndex(captainSeen.firstPhase) : -1;
      if (firstSeason >= 0) holders.set(cp.game, { power: cp.power, periods: [...(firstSeason > 0 ? [{ player: orig.name, from: 'S1901', to: seasonName(firstSeason - 1) }] : []), { player: cap.name, from: seasonName(firstSeason), to: seasonName(seasonIndex(last)) }] });
      const r1 = standingsMails.find((m) => standingsRound(m) === 1);
      const csvText = r1?.attachments.find((a) => a.filename?.endsWith('.csv'))?.content.toString('utf8') ?? '';
      const [head, ...rows] = csvText.trim().split(/\r?\n/).map((l) => l.split(','));
      const mine = rows.filter((x) => x[head!.indexOf('game')] === cp.game && x[head!.indexOf('power')] === cp.power);
      captain.rows = mine.length;
      captain.players = mine.map((x) => `${x[head!.indexOf('player')]} ${x[head!.indexOf('score')]}`);
    }

    // 6. The standings the judge mailed against the pure `tournament score` on the final centres it mailed.
    // Per round: its standings mail (the first that reached a player) against its own games.
    const standingsByRound = [...gamesOfRound].map(([r, ids]) => ({
      round: r,
      ...checkStandings(standingsMails.find((m) => standingsRound(m) === r), new Map(ids.map((id) => [id, finalText.get(id) ?? ''])), endedBy, endYearOfRound(o, r), (input) => cli(['tournament', 'score'], input), holders),
    }));
    const standings = { match: standingsByRound.length === o.rounds && standingsByRound.every((x) => x.match), detail: standingsByRound.map((x) => `round ${x.round}: ${x.detail}`).join('; ') };

    // 7. `mailjudge reproduce` of every game.
    // Every game of the tournament replayed together (one fresh database), compared byte for byte.
    let reproduced = 0;
    const reproduceStart = Date.now();
    const rep = await cliRun(['reproduce', '--tournament', SLUG, '--json']);
    const reproduceSeconds = (Date.now() - reproduceStart) / 1000;
    if (rep.status === 0) reproduced = ((JSON.parse(rep.stdout) as { games?: string[] }).games ?? []).filter((g) => games.includes(g)).length;
    else {
      // The first difference and the replay's refusals, not the list of games the JSON starts with.
      let what = (rep.stdout + rep.stderr).slice(0, 800);
      try {
        const j = JSON.parse(rep.stdout) as { kind?: string; matched?: unknown; difference?: unknown; failures?: string[] };
        what = JSON.stringify({ kind: j.kind, matched: j.matched, difference: j.difference, failures: (j.failures ?? []).slice(0, 5) });
      } catch { /* not JSON: the output as it came */ }
      log(`reproduce --tournament ${SLUG}: exit ${rep.status}: ${what}`);
      mkdirSync(o.resultsDir ?? join(ROOT, 'bench-results'), { recursive: true });
      writeFileSync(join(o.resultsDir ?? join(ROOT, 'bench-results'), 'rehearse-reproduce.json'), rep.stdout + rep.stderr);
    }

    // 7b. A TD settling a dispute replays one game, not the event (`reproduce --game`): by default the
    // last round's first board alone, whose people had their secrets from round 1 (stop 48: that
    // replay differed at the start mail, which told them to use the secret sent before).
    const lastRound = gamesOfRound.get(o.rounds) ?? [];
    const aloneMode = o.reproduceAlone ?? 'one';
    const alone = aloneMode === 'all' ? games : aloneMode === 'one' && o.rounds >= 2 && lastRound.length > 0 ? [lastRound[0]!] : [];
    let gameAlone: RehearsalSummary['gameReproducedAlone'] = null;
    const differentAlone: string[] = [];
    for (const g of alone) {
      const one = await cliRun(['reproduce', '--game', g, '--json']);
      if (one.status !== 0) {
        differentAlone.push(g);
        log(`reproduce --game ${g}: exit ${one.status}: ${(one.stdout + one.stderr).slice(0, 800)}`);
      }
    }
    if (alone.length > 0) gameAlone = { game: alone.length === 1 ? alone[0]! : `${alone.length} games`, matched: differentAlone.length === 0, ...(alone.length > 1 ? { differing: differentAlone } : {}) };

    // 7c. The TD's other tools at the event's end: `audit` of one power of the last round's first board
    // (the whole hash chain verified, every archived message re-hashed against it) and the dice seed
    // revealed and every audited roll recomputed (`tournament reveal-seed --json | dice verify`).
    const tdTools: RehearsalSummary['tdTools'] = { audit: null, dice: null };
    const audited = lastRound[0] ?? games[0];
    if (audited !== undefined) {
      const t0 = Date.now();
      const a = await cliRun(['audit', '--game', audited, '--power', 'FRANCE', '--json']);
      const ms = Date.now() - t0;
      let verified = false;
      try {
        verified = a.status === 0 && (JSON.parse(a.stdout) as { integrity?: { verified?: boolean } }).integrity?.verified === true;
      } catch { /* not JSON: not verified */ }
      tdTools.audit = { game: audited, verified, ms };
      if (!verified) log(`audit --game ${audited} --power FRANCE: exit ${a.status}: ${(a.stdout + a.stderr).slice(0, 800)}`);
    }
    const seed = await cliRun(['tournament', 'reveal-seed', SLUG, '--json']);
    if (seed.status === 0) {
      const v = await cliRun(['dice', 'verify'], seed.stdout);
      let rolls = 0;
      let ok = false;
      try {
        const j = JSON.parse(v.stdout) as { ok?: boolean; commitmentMatches?: boolean | null; rolls?: unknown[] };
        rolls = j.rolls?.length ?? 0;
        ok = v.status === 0 && j.ok === true && j.commitmentMatches === true;
      } catch { /* not JSON: not verified */ }
      tdTools.dice = { rolls, verified: ok };
      if (!ok) log(`tournament reveal-seed ${SLUG} --json | dice verify: exit ${v.status}: ${(v.stdout + v.stderr).slice(0, 800)}`);
    } else {
      tdTools.dice = { rolls: 0, verified: false };
      log(`tournament reveal-seed ${SLUG}: exit ${seed.status}: ${(seed.stdout + seed.stderr).slice(0, 800)}`);
    }

    // Busiest second of intake (stored_at) and delivery → acknowledgement as the players saw it.
    const [busiest] = await q<{ n: string }>(`SELECT count(*) AS n FROM inbound_messages GROUP BY date_trunc('second', stored_at) ORDER BY 1 DESC LIMIT 1`);
    const latencies = acks.map((a) => a.at - sentById.get(a.inReplyTo!)!.at);
    // Where the time goes (real milliseconds): the players, the intake, the deadlines.
    const realMs = (d: Date) => realAt(clock, d).getTime();
    const pcts = (v: number[]) => ({ p50: Math.round(percentile(v, 50)), p99: Math.round(percentile(v, 99)), max: Math.round(Math.max(0, ...v)) });
    const storedAt = new Map((await q<{ message_id: string; stored_at: Date }>(`SELECT message_id, min(stored_at) AS stored_at FROM inbound_messages WHERE message_id = ANY($1) GROUP BY 1`, [[...sentIds]])).map((r) => [r.message_id, r.stored_at.getTime()]));
    const sentToStored = sent.flatMap((x) => (storedAt.has(x.messageId) ? [storedAt.get(x.messageId)! - x.at] : []));
    const storedToAck = acks.flatMap((a) => (storedAt.has(a.inReplyTo!) ? [a.at - storedAt.get(a.inReplyTo!)!] : []));
    const phaseRows = await q<{ game_id: string; name: string; deadline: Date; adjudicated_at: Date }>(`SELECT game_id, name, deadline, adjudicated_at FROM phases WHERE adjudicated_at IS NOT NULL AND superseded_at IS NULL`);
    const atDeadline = phaseRows.filter((r) => r.adjudicated_at.getTime() >= r.deadline.getTime());
    const lastRead = new Map<string, number>();
    for (const m of allMail) {
      const k = /^\[([a-z0-9-]+)\] .*\(([SFW]\d{4}[MRA])\) results$/.exec(m.subject);
      if (k) lastRead.set(`${k[1]}|${k[2]}`, Math.max(lastRead.get(`${k[1]}|${k[2]}`) ?? 0, m.at));
    }
    const toLastReader = phaseRows.flatMap((r) => (lastRead.has(`${r.game_id}|${r.name}`) ? [lastRead.get(`${r.game_id}|${r.name}`)! - realMs(r.adjudicated_at)] : []));
    const stages = {
      timeline: {
        setupSeconds: round1((playStart - wallStart) / 1000),
        roundSeconds: roundEnds.map((t, i) => round1((t - (i === 0 ? playStart : roundEnds[i - 1]!)) / 1000)),
        countingSeconds: round1((Date.now() - countStart) / 1000 - reproduceSeconds),
        reproduceSeconds: round1(reproduceSeconds),
      },
      players: { readToFinalSetMs: pcts(reactMs), readPassMs: reader.figures().passMs },
      intake: { sentToStoredMs: pcts(sentToStored), storedToAckReadMs: pcts(storedToAck) },
      deadlines: { phases: phaseRows.length, atDeadline: atDeadline.length, jobLagMs: pcts(atDeadline.map((r) => realMs(r.adjudicated_at) - realMs(r.deadline))), adjudicatedToLastResultsReadMs: pcts(toLastReader) },
    };
    const usage = process.resourceUsage();
    const summary: RehearsalSummary = {
      teams: o.teams, rounds: o.rounds, games: games.length, kills: killsDone, wallSeconds: Math.round((Date.now() - wallStart) / 100) / 10, speed: firstSpeed, speeds: speedsByRound, seed: o.seed,
      loadAverage: { start: round1(loadAtStart), peak: round1(Math.max(loadPeak, loadavg()[0]!)), end: round1(loadavg()[0]!) },
      messages, outcomes, lost, duplicated, redelivered: ackRedelivered + resultRedelivered + extensionRedelivered,
      phases: { expected: expectedPhases, adjudicated: adjudicatedRows.length, adjudicatedTwice },
      resultMails, outsideEvent: outside, gamesReproduced: reproduced, gameReproducedAlone: gameAlone, tdTools,
      standingsMatch: standings.match, standingsDetail: standings.detail, standingsByRound,
      styles: { quotedReplies: stats.quoted, htmlOnly: stats.htmlOnly, htmlAlternative: stats.alternative },
      lateSets: { sent: stats.late, refusedLate: lateRefused },
      press: { sent: pressSent.length, published: pressPublished },
      extensions,
      replacements,
      permanent,
      captain,
      nmrs: stats.nmrs, endedByVote, preliminarySets: stats.preliminary, illegalOrders: stats.illegal,
      deliveryToAckMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
      busiestSecond: { messages: Number(busiest?.n ?? 0) },
      playersReader: reader.figures(),
      stages,
      processes: {
        judge: { cpuSeconds: round1(slots.reduce((n, s) => n + s.figures.cpuSeconds, 0)), peakRssMb: round1(Math.max(...slots.map((s) => s.figures.peakRssMb))), incarnations: slots.reduce((n, s) => n + s.figures.incarnations, 0) },
        judges: slots.map((s) => ({ ...s.figures, cpuSeconds: round1(s.figures.cpuSeconds), peakRssMb: round1(s.figures.peakRssMb) })),
        unattributed,
        postgres: { cpuSeconds: round1(pgFigures.cpuSeconds), peakRssMb: round1(pgFigures.peakRssMb) },
        mailServers: { cpuSeconds: round1(mailFigures.dovecotCpuSeconds + mailFigures.postfixCpuSeconds), dovecotCpuSeconds: round1(mailFigures.dovecotCpuSeconds), postfixCpuSeconds: round1(mailFigures.postfixCpuSeconds), peakRssMb: round1(mailFigures.peakRssMb) },
        script: { cpuSeconds: round1((usage.userCPUTime + usage.systemCPUTime) / 1e6), peakRssMb: round1(usage.maxRSS / 1024) },
      },
    };
    const dir = o.resultsDir ?? join(ROOT, 'bench-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'rehearse.json'), `${JSON.stringify(summary, null, 2)}\n`);
    log(`${summary.teams} teams, ${summary.rounds} round(s), ${summary.games} games to ${Array.from({ length: o.rounds }, (_, i) => endYearOfRound(o, i + 1)).join('/')}, ${slots.length} judge process(es), ${summary.kills} kill(s), ${summary.wallSeconds} s: ` +
      `messages sent ${messages.sent}, stored ${messages.stored}, decided ${messages.decided}, acknowledged ${messages.acknowledged}; lost ${lost}, duplicated ${duplicated}, redelivered ${summary.redelivered}; ` +
      `phases ${summary.phases.adjudicated}/${summary.phases.expected}; result mails ${resultMails.delivered}/${resultMails.expected}; ` +
      `late sets refused ${lateRefused}/${stats.late}; extensions requested ${extensions.requested}, granted ${extensions.granted} (${extensions.byGm} by the GM's mail), refused ${extensions.refused} (read ${extensions.refusalRead}), announced to ${extensions.announced}/${extensions.players}; stand-in ${replacements.temporary} temporary (${replacements.standInSets} set(s)), returned ${replacements.returned}, scored to the player ${replacements.scoredToPlayer}; permanent replacement ${permanent.permanent} (announced to ${permanent.announced}/9, take-over mail ${permanent.takeOverRead}, ${permanent.replacementSets} set(s), standings rows ${permanent.players.join(' and ') || 'none'}); ${captain ? `B.8(c) captain ${captain.confirmed} (NMR notice ${captain.nmrNoticeRead}, request ${captain.requestRead}, position ${captain.positionRead}, ${captain.captainSets} set(s), announced to ${captain.announced}/${captain.readers}, standings rows ${captain.players.join(' and ') || 'none'}); ` : ''}press published ${pressPublished}/${pressSent.length}; ` +
      `ended by vote ${endedByVote.games} (${endedByVote.voteResultMails.delivered}/${endedByVote.voteResultMails.expected} mails); ` +
      `reproduced ${reproduced}/${games.length}${gameAlone ? ` (and ${gameAlone.game} alone: ${gameAlone.matched ? 'matched' : 'DIFFERS'})` : ''}; audit ${tdTools.audit ? `${tdTools.audit.verified ? 'verified' : 'NOT verified'} in ${(tdTools.audit.ms / 1000).toFixed(1)} s` : 'not run'}; dice ${tdTools.dice ? `${tdTools.dice.rolls} roll(s) ${tdTools.dice.verified ? 'verified' : 'NOT verified'}` : 'not run'}; standings ${standings.match ? 'match' : 'DIFFER'}`);
    const st = summary.stages;
    log(`  time: start-up ${st.timeline.setupSeconds} s, rounds ${st.timeline.roundSeconds.join(' + ')} s, counting ${st.timeline.countingSeconds} s, reproduce ${st.timeline.reproduceSeconds} s; players: read → Final set p50 ${st.players.readToFinalSetMs.p50} ms, p99 ${st.players.readToFinalSetMs.p99} ms; intake: sent → stored p50 ${st.intake.sentToStoredMs.p50} ms, p99 ${st.intake.sentToStoredMs.p99} ms, stored → acknowledgement read p50 ${st.intake.storedToAckReadMs.p50} ms, p99 ${st.intake.storedToAckReadMs.p99} ms; deadlines: ${st.deadlines.atDeadline} of ${st.deadlines.phases} phases at their deadline (job lag p50 ${st.deadlines.jobLagMs.p50} ms, max ${st.deadlines.jobLagMs.max} ms), adjudication → last results read p50 ${st.deadlines.adjudicatedToLastResultsReadMs.p50} ms, p99 ${st.deadlines.adjudicatedToLastResultsReadMs.p99} ms`);
    const pf = summary.processes;
    log(`  clock ${speedsByRound.map((x) => `${x.speed}×${speedsByRound.length > 1 ? ` (round ${x.round} on)` : ''}`).join(', ')}; CPU: judge ${pf.judge.cpuSeconds} s (${pf.judge.incarnations} incarnations, peak RSS ${pf.judge.peakRssMb} MB), PostgreSQL ${pf.postgres.cpuSeconds} s (${pf.postgres.peakRssMb} MB), Dovecot ${pf.mailServers.dovecotCpuSeconds} s and Postfix ${pf.mailServers.postfixCpuSeconds} s (${pf.mailServers.peakRssMb} MB), script ${pf.script.cpuSeconds} s (${pf.script.peakRssMb} MB); delivery → acknowledgement p50 ${summary.deliveryToAckMs.p50} ms, p99 ${summary.deliveryToAckMs.p99} ms; busiest second ${summary.busiestSecond.messages} stored; load average ${summary.loadAverage.start} → peak ${summary.loadAverage.peak} → ${summary.loadAverage.end}`);
    const rf = summary.playersReader;
    log(`  players' reader: ${rf.mailboxes} mailboxes on ${rf.connections} IMAP connection(s), ${rf.passes} passes (p50 ${rf.passMs.p50} ms, p99 ${rf.passMs.p99} ms, max ${rf.passMs.max} ms; idle p50 ${rf.idlePassMs.p50} ms), ${rf.statusCommands} STATUS, ${rf.opened} opened, ${rf.fetched} fetched (${rf.fetchedWhole} whole, ${rf.fetchedParts} by their shown parts: ${(rf.fetchedBytes / 1e6).toFixed(1)} of ${(rf.messageBytes / 1e6).toFixed(1)} MB); ${rf.sweeps} sweeps, ${rf.logDeliveries} deliveries in Dovecot's log, ${rf.foundBySweep} found by a sweep first`);
    for (const j of summary.processes.judges) {
      log(`  ${j.label} ${j.roles}: ${j.incarnations} incarnation(s), ${j.kills} kill(s), ${j.restarts} restart(s) for the clock, ${j.cpuSeconds} CPU s, peak RSS ${j.peakRssMb} MB; stored ${j.stored}, decided ${j.decided}, adjudicated ${j.adjudicated}, sent ${j.sent}`);
    }
    if (Object.values(unattributed).some((n) => n > 0)) log(`  not by a judge process: ${JSON.stringify(unattributed)}`);
    return summary;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    for (const j of judges) if (j.exitCode === null && j.signalCode === null) j.kill('SIGKILL');
    for (const c of cleanups.reverse()) await c().catch(() => {});
    if (existsSync(work)) rmSync(work, { recursive: true, force: true });
  }
}

type GameResult = { kind: 'draw'; powers: Power[] } | { kind: 'concession'; power: Power };

/** A plain-text body as a webmail's HTML: paragraphs and <br>, entities escaped. */
function htmlOf(text: string): string {
  const esc = (l: string) => l.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<html><body>${text.trim().split(/\n\n/).map((para) => `<p>${para.split('\n').map(esc).join('<br>\n')}</p>`).join('\n')}</body></html>`;
}

/** The round a standings mail is about: its subject, `[rh] STANDINGS: …, round 2 (final)`. */
function standingsRound(m: Received): number {
  return Number(/, round (\d+)/.exec(m.subject)?.[1] ?? 0);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** A mailed GMT time, `Saturday 12 January 2030, 12:00 GMT`, as milliseconds (NaN when unreadable). */
function gmtTime(text: string | undefined): number {
  const m = /(\d{1,2}) ([A-Z][a-z]+) (\d{4}), (\d{2}):(\d{2}) GMT/.exec(text ?? '');
  return m ? Date.UTC(Number(m[3]), MONTHS.indexOf(m[2]!), Number(m[1]), Number(m[4]), Number(m[5])) : NaN;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/**
 * The standings CSV the judge mailed against an independent recomputation: each game's final centres
 * as the judge mailed them (its last results mail), scored by the pure `tournament score` command
 * (C.1–C.5); every (game, power) score in the CSV must equal it.
 */
/**
 * A position held by more than one player of record (a permanent replacement): who held which
 * Spring/Fall seasons (`S1901`, `F1901`: the `tournament score` contract's `players`); the last
 * period ends with the game's last season (the contract credits the seasons after it to that player, C.14).
 */
interface Holders { power: Power; periods: { player: string; from: string; to: string }[] }

/** The Spring/Fall season of a phase, S1901 = 0 (a winter belongs to its Fall, C.14: "Summer and Winter turns will not be considered"). */
function seasonIndex(phase: string): number {
  const year = Number(phase.slice(1, 5));
  return (year - 1901) * 2 + (phase.startsWith('S') ? 0 : 1);
}
/** Season index → `S1901`/`F1901`. */
function seasonName(i: number): string {
  return `${i % 2 === 0 ? 'S' : 'F'}${1901 + Math.floor(i / 2)}`;
}

function checkStandings(mail: Received | undefined, finalText: Map<string, string>, endedBy: ReadonlyMap<string, GameResult>, endYear: number, score: (input: string) => string, holders: ReadonlyMap<string, Holders> = new Map()): { match: boolean; detail: string } {
  if (!mail) return { match: false, detail: 'no standings mail' };
  const csv = mail.attachments.find((a) => a.filename?.endsWith('.csv'))?.content.toString('utf8') ?? '';
  const [header, ...rows] = csv.trim().split(/\r?\n/).map((l) => l.split(','));
  const col = (n: string) => header!.indexOf(n);
  const games = [...finalText].map(([id, text]) => {
    const counts = parseCentreCounts(text);
    const centres = Object.fromEntries(POWERS.map((p) => [p, counts?.get(p) ?? 0]));
    // C.5, D.IX(3), D.IX(4): a result by vote scores the counts at the vote (the mail's centres); a
    // conceded win is scored as a solo, a draw leaving out a survivor eliminates him.
    const result = endedBy.get(id);
    const solo = result?.kind === 'concession' ? result.power : POWERS.find((p) => (counts?.get(p) ?? 0) >= 18) ?? null;
    // C.14: a position held by two players of record gives each his pro-rated share (the contract's `players`).
    const h = holders.get(id);
    return { id, endYear, centres, solo, ...(result ? { result } : {}), ...(h ? { players: { [h.power]: h.periods } } : {}) };
  });
  const scored = JSON.parse(score(JSON.stringify({ games }))) as { games: { id: string; powers: Record<string, { score: number; players?: Record<string, number> }> }[] };
  const problems: string[] = [];
  let compared = 0;
  const scoredById = new Map(scored.games.map((g) => [g.id, g]));
  for (const r of rows) {
    const game = scoredById.get(r[col('game')]!);
    const position = game?.powers[r[col('power')]!];
    const expected = position?.players ? position.players[r[col('player')]!] : position?.score;
    const got = Number(r[col('score')]);
    compared++;
    // The mail shows scores to two decimals (13.33 for 40/3).
    if (expected === undefined || Math.abs(Math.round(expected * 100) / 100 - got) > 1e-9) problems.push(`${r[col('game')]} ${r[col('power')]}: mailed ${got}, recomputed ${expected}`);
  }
  if (compared === 0) problems.push('the mailed CSV has no rows');
  return { match: problems.length === 0, detail: problems.length === 0 ? `${compared} rows equal` : problems.slice(0, 5).join('; ') };
}

/**
 * Why a round has not ended, as a stalled run prints it before giving up (`--timeout`): the
 * decisions other than orders, counted by outcome, reason and the subject of the message (read from
 * its raw bytes: `inbound_messages` keeps the message whole, not its headers), then every phase still
 * open with its deadline and the simulated clock `now`. test/e2e/rehearse-stall.test.ts.
 */
export async function stallReport(db: pg.Pool, now: Date): Promise<string[]> {
  const lines: string[] = [];
  const decided = await db.query<{ outcome: string; reason: string | null; subject: string | null; n: string }>(
    `SELECT d.outcome, d.reason, substring(encode(m.raw, 'escape') from '(?:^|\n)Subject: ([^\r\n]*)') AS subject, count(*) AS n
       FROM inbound_decisions d JOIN inbound_messages m ON m.id = d.inbound_message_id
      WHERE d.outcome <> 'orders' GROUP BY 1, 2, 3 ORDER BY 4 DESC, 1, 3 LIMIT 20`,
  );
  for (const r of decided.rows) lines.push(`decided ${r.n}× ${r.outcome}: ${r.subject ?? '(no subject)'}: ${(r.reason ?? '').slice(0, 300)}`);
  const open = await db.query<{ game_id: string; name: string; deadline: Date }>(
    `SELECT game_id, name, deadline FROM phases WHERE adjudicated_at IS NULL AND superseded_at IS NULL ORDER BY game_id`,
  );
  for (const r of open.rows) lines.push(`open: ${r.game_id} ${r.name}, deadline ${r.deadline.toISOString()} (simulated now ${now.toISOString()})`);
  return lines;
}

function parseArgs(argv: string[]): RehearsalOptions {
  const o: { -readonly [K in keyof RehearsalOptions]: RehearsalOptions[K] } = { ...DEFAULT_OPTIONS };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = () => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${a} needs a value`);
      return x;
    };
    if (a === '--teams') o.teams = Number(v());
    else if (a === '--rounds') o.rounds = Number(v());
    else if (a === '--end-years') o.endYears = v().split(',').map(Number);
    else if (a === '--kills') o.kills = Number(v());
    else if (a === '--seed') o.seed = v();
    else if (a === '--speed') {
      const x = v();
      if (x === 'auto') delete o.speed;
      else o.speed = Number(x);
    }
    else if (a === '--speed-scale') {
      const x = Number(v());
      if (!(x >= 1 && x <= 20)) throw new Error(`--speed-scale ${x}: give a factor from 1 to 20 (the auto clock's speeds times it, none above 14400)`);
      o.speedScale = x;
    }
    else if (a === '--speeds') {
      const list = v().split(',').map(Number);
      if (list.some((x) => !(x > 0 && x <= 100_000))) throw new Error('--speeds: give each round\'s speed, simulated seconds per real second above 0 and at most 100000, joined by commas');
      o.speeds = list;
    }
    else if (a === '--reproduce-alone') {
      const x = v();
      if (x !== 'one' && x !== 'all' && x !== 'none') throw new Error(`--reproduce-alone ${x}: give one (the last round's first board), all (every game) or none`);
      o.reproduceAlone = x;
    }
    else if (a === '--nmrs') o.nmrs = Number(v());
    else if (a === '--votes') o.votes = Number(v());
    else if (a === '--late') o.late = Number(v());
    else if (a === '--extensions') o.extensions = Number(v());
    else if (a === '--replacements') o.replacements = Number(v());
    else if (a === '--calendar-mail') o.calendarMail = true;
    else if (a === '--processes') o.processes = processLayout(Number(v()));
    else if (a === '--timeout') o.timeoutSeconds = Number(v());
    else if (a === '--captains') o.captains = Number(v());
    else if (a === '--reader-connections') o.readerConnections = Number(v());
    else if (a === '--reader-fetch') {
      const x = v();
      if (x !== 'shown' && x !== 'whole') throw new Error(`--reader-fetch ${x}: give shown or whole`);
      o.readerFetch = x;
    }
    else if (a === '--reader-log') o.readerLog = v() !== '0';
    else if (a === '--roles') o.processes = v().split(';').map((x) => x.trim()).filter(Boolean);
    // 147 teams, four rounds to 1909/1909/1912/1915 (B.3), 20 kills, on the clock autoSpeed gives 147
    // boards (720×; D.VII(2)'s 24 hours a phase make that ~1.7 real hours); run whole at stop 47 with
    // --speeds 2880,5760,7200,14400 in 47 minutes (docs/rehearsal.md); a later option after --full
    // (--speed, --speeds, --timeout, --kills …) overrides its value.
    else if (a === '--full') Object.assign(o, { teams: 147, rounds: 4, endYears: [1909, 1909, 1912, 1915], kills: 20, timeoutSeconds: 8 * 3600 });
    else throw new Error(`unknown option ${a}; the options are --teams N, --rounds N, --end-years Y[,Y…], --kills N, --seed TEXT, --speed S|auto, --speed-scale F, --speeds A,B,…, --nmrs N, --votes N, --late N, --extensions N, --replacements N, --calendar-mail, --processes N, --roles "R;R;…", --timeout S, --captains N, --reader-connections N, --reader-fetch shown|whole, --reader-log 1|0, --reproduce-alone one|all|none, --full`);
  }
  if (!Number.isInteger(o.teams) || o.teams < 1) throw new Error('--teams must be a whole number of at least 1');
  if (o.processes) checkLayout(o.processes);
  if (o.timeoutSeconds !== undefined && !(o.timeoutSeconds > 0)) throw new Error('--timeout must be a number of seconds above 0');
  return o;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const summary = await rehearse(parseArgs(process.argv.slice(2)));
    const ok = summary.lost === 0 && summary.duplicated === 0 && summary.phases.adjudicated === summary.phases.expected && summary.standingsMatch && summary.gamesReproduced === summary.games && summary.gameReproducedAlone?.matched !== false && summary.tdTools.audit?.verified !== false && summary.tdTools.dice?.verified !== false;
    process.exitCode = ok ? 0 : 1;
  } catch (e) {
    process.stderr.write(`rehearse: ${(e as Error).stack ?? e}\n`);
    process.exitCode = 1;
  }
}
