/**
 * Registers the GM's and TD's calendar commands (`extend`, `deadline`, `process`, `absence`, `holiday`,
 * `replace`, `calendar`, `proposal agree`) with their options and help. Their code (src/service/gm/) is imported only
 * when one of them runs, so the engine commands start as fast as before. Every change is announced to
 * the players by email (as njudge did) and audit-logged; `--json` prints JSON for scripts.
 * Exit codes: 0 done, 2 bad input (every problem listed), 1 the database failed.
 */
import type { Command } from 'commander';
import type { CommonOptions } from './gm/cli-shell.js';

const HELP_TAIL = `
The running judge (mailjudge start) sends the notices this queues and adjudicates at the deadline.
Database and configuration as for the other database commands (DATABASE_URL, MAILJUDGE_STATE_DIR,
--config). Exit codes: 0 done, 2 bad input (every problem listed), 1 the database failed.`;

function withCommon(cmd: Command): Command {
  return cmd
    .option('--config <file>', 'JSON config file (default: MAILJUDGE_CONFIG, else none)')
    .option('--json', 'print JSON for scripts instead of text')
    .addHelpText('after', HELP_TAIL);
}

const shell = () => import('./gm/cli-shell.js');
const args = () => import('./gm/parse-args.js');

/** Add the calendar commands to `program`. */
export function registerCalendarCommands(program: Command): void {
  withCommon(
    program
      .command('extend <game>')
      .description("extend the open phase's deadline (D.VII(5)): the GM's own extension, or the GM's answer to a player's request")
      .option('--hours <n>', 'hours to add to the deadline')
      .option('--for <power>', "charge it to this position (the GM's answer to its request; the guaranteed extension and the 7-day cap apply)")
      .option('--uncharged', 'do not charge it to the position (e.g. a TD holiday, D.VII(5))')
      .option('--refuse', "refuse the position's pending request (with --for)")
      .option('--reason <text>', 'a note for the players and the audit log')
      .addHelpText('after', `
Examples:
  mailjudge extend wm-r1-b7 --hours 24 --reason "server outage"      (the GM's own, uncharged)
  mailjudge extend wm-r1-b7 --for ITALY                               (grant ITALY's pending request)
  mailjudge extend wm-r1-b7 --for ITALY --hours 12 --uncharged
  mailjudge extend wm-r1-b7 --for ITALY --refuse --reason "7-day limit near"
The new deadline never falls inside a player's unavailable window (D.VII(2)).`),
  ).action(async (gameId: string, opts: CommonOptions & { hours?: string; for?: string; uncharged?: boolean; refuse?: boolean; reason?: string }) => {
    const a = await args();
    await (await shell()).execute(
      'extend',
      opts,
      () => {
        const c = a.collect({ hours: opts.hours === undefined ? undefined : a.parseHours('--hours', opts.hours, 7 * 24), power: opts.for === undefined ? undefined : a.parsePower(opts.for) });
        return c.ok ? { ok: true, value: c.value } : c;
      },
      async (db, v, ctx) => (await import('../service/gm/extend.js')).runExtend(db, {
        gameId, ...(v.hours !== undefined ? { hours: v.hours } : {}), ...(v.power !== undefined ? { power: v.power } : {}), uncharged: opts.uncharged === true, refuse: opts.refuse === true, ...(opts.reason ? { reason: opts.reason } : {}),
      }, ctx),
    );
  });

  withCommon(
    program
      .command('deadline <game>')
      .description("set the open phase's deadline (D.VII(4)(a)); never inside an unavailable window (D.VII(2))")
      .requiredOption('--at <instant>', 'the new deadline, ISO 8601 with its zone, e.g. 2030-05-08T12:00Z')
      .option('--consent-recorded [note]', 'every surviving player agreed to a turn under the minimum (3 days movement, 1 day otherwise): how and when')
      .option('--reason <text>', 'a note for the players and the audit log')
      .addHelpText('after', '\nExample: mailjudge deadline wm-r1-b7 --at 2030-05-10T18:00Z --consent-recorded "all seven by email, 7 May"'),
  ).action(async (gameId: string, opts: CommonOptions & { at: string; consentRecorded?: string | true; reason?: string }) => {
    const a = await args();
    await (await shell()).execute(
      'deadline',
      opts,
      () => {
        const c = a.collect({ at: a.parseInstant('--at', opts.at) });
        return c.ok ? { ok: true, value: c.value } : c;
      },
      async (db, v, ctx) => (await import('../service/gm/deadline.js')).runSetDeadline(db, {
        gameId, at: v.at, ...(opts.consentRecorded !== undefined ? { consent: opts.consentRecorded } : {}), ...(opts.reason ? { reason: opts.reason } : {}),
      }, ctx),
    );
  });

  withCommon(
    program
      .command('process <game> <phase>')
      .description('adjudicate the open phase now instead of at its deadline, if D.VII(2) allows it (njudge PROCESS S1901M; the phase name guards against slips)')
      .option('--override <reason>', 'go past D.VII(2) (a TD\'s ruling, a restart after an outage): recorded in the audit log and told to every player')
      .addHelpText('after', `
Before the deadline this is an early adjudication, which D.VII(2) allows only when every set is
marked Final and 24 hours have passed since the last results; the votes due with the deadline must
all be in too (D.IX(2)). Otherwise the command is refused, saying what fails and when it will hold.
The players' consent to shorter turns (D.VII(4)(a)) does not shorten the 24 hours.
Examples:
  mailjudge process wm-r1-b7 S1901M
  mailjudge process wm-r1-b7 S1901M --override "TD ruling 12 May: restart after the outage"`),
  ).action(async (gameId: string, phase: string, opts: CommonOptions & { override?: string }) => {
    await (await shell()).execute(
      'process',
      opts,
      () => ({ ok: true, value: undefined }),
      async (db, _v, ctx) => (await import('../service/gm/process.js')).runProcess(db, { gameId, phase, ...(opts.override !== undefined ? { override: opts.override } : {}), via: 'cli' }, ctx),
    );
  });

  withCommon(
    program
      .command('absence <game> <power>')
      .description("record a player's weekly unavailable window (D.VII(2): at most 64 hours; no deadline or publication inside it)")
      .option('--from <day time>', 'when it starts each week, e.g. "Fri 17:00"')
      .option('--to <day time>', 'when it ends, e.g. "Mon 09:00"')
      .option('--zone <IANA>', "the clock it is read on, e.g. America/New_York (default: the player's registered zone); summer time is followed")
      .option('--clear', "withdraw the player's window")
      .addHelpText('after', '\nExample: mailjudge absence wm-r1-b7 ENGLAND --from "Fri 17:00" --to "Mon 09:00" --zone America/New_York'),
  ).action(async (gameId: string, power: string, opts: CommonOptions & { from?: string; to?: string; zone?: string; clear?: boolean }) => {
    const a = await args();
    await (await shell()).execute(
      'absence',
      opts,
      () => {
        const c = a.collect({
          power: a.parsePower(power),
          from: opts.from === undefined ? undefined : a.parseWeeklyTime('--from', opts.from),
          to: opts.to === undefined ? undefined : a.parseWeeklyTime('--to', opts.to),
          zone: opts.zone === undefined ? undefined : a.parseZone('--zone', opts.zone),
        });
        if (!c.ok) return c;
        if (!opts.clear && (!c.value.from || !c.value.to)) return { ok: false, problems: ['give --from and --to (e.g. --from "Fri 17:00" --to "Mon 09:00"), or --clear'] };
        return { ok: true, value: c.value };
      },
      async (db, v, ctx) => (await import('../service/gm/absence.js')).runAbsence(db, {
        gameId, power: v.power, ...(v.from ? { from: v.from } : {}), ...(v.to ? { to: v.to } : {}), ...(v.zone ? { zone: v.zone } : {}), clear: opts.clear === true,
      }, ctx),
    );
  });

  const holiday = program.command('holiday').description("TD-declared holidays (D.VII(5)): uncharged extensions that must be granted when asked");
  withCommon(
    holiday
      .command('create <name>')
      .description('declare a holiday, e.g. "Christmas 2030"')
      .requiredOption('--from <instant>', 'when it starts, ISO 8601 with its zone, e.g. 2030-12-24T00:00Z')
      .requiredOption('--to <instant>', 'when it ends, e.g. 2030-12-27T00:00Z')
      .option('--max-hours <n>', 'uncharged extension hours one game may take for it in all (default: its length)')
      .option('--tournament <slug>', 'only for this tournament (default: every game)')
      .addHelpText('after', '\nExample: mailjudge holiday create "Christmas 2030" --from 2030-12-24T00:00Z --to 2030-12-27T00:00Z --max-hours 72'),
  ).action(async (name: string, opts: CommonOptions & { from: string; to: string; maxHours?: string; tournament?: string }) => {
    const a = await args();
    await (await shell()).execute(
      'holiday create',
      opts,
      () => {
        const c = a.collect({ from: a.parseInstant('--from', opts.from), to: a.parseInstant('--to', opts.to), maxHours: opts.maxHours === undefined ? undefined : a.parseHours('--max-hours', opts.maxHours) });
        if (!c.ok) return c;
        if (!name.trim()) return { ok: false, problems: ['give the holiday a name, e.g. "Christmas 2030"'] };
        return { ok: true, value: c.value };
      },
      async (db, v, ctx) => (await import('../service/gm/holiday.js')).runHolidayCreate(db, {
        name: name.trim(), from: v.from, to: v.to, ...(v.maxHours !== undefined ? { maxHours: v.maxHours } : {}), ...(opts.tournament ? { tournament: opts.tournament } : {}),
      }, ctx),
    );
  });
  withCommon(holiday.command('list').description('list the declared holidays')).action(async (opts: CommonOptions) => {
    await (await shell()).execute('holiday list', opts, () => ({ ok: true, value: undefined }), async (db) => (await import('../service/gm/holiday.js')).runHolidayList(db));
  });

  withCommon(
    program
      .command('replace <game> <power>')
      .description('replace the player of a power (B.7, B.8): permanently, or temporarily until a phase; or end a temporary replacement')
      .option('--email <address>', "the replacement's address (registered if new)")
      .option('--name <name>', "the replacement's name")
      .option('--zone <IANA>', "the replacement's time zone when newly registered (default UTC)")
      .option('--temporary', 'a temporary replacement (B.7): give --until')
      .option('--until <phase>', 'the phase the player is back for (the stand-in plays the phases before it), e.g. F1903M')
      .option('--end-temporary', 'the player is back: end the temporary replacement')
      .option('--reason <text>', 'a note for the players and the audit log')
      .option('--override-b9 <reason>', 'the TD allows a replacement B.9 refuses (more than three games of a tournament round), for this stated reason (audit-logged)')
      .option('--from-pool', "a reserve from the pool because the captain or team provided no replacement (B.8(d),(e)): the team loses the position's points (taken as so when the replacement procedure had passed to the reserves)")
      .addHelpText('after', `
Examples:
  mailjudge replace wm-r1-b7 ITALY --email rita@example.org --name "Rita Rossi"
  mailjudge replace wm-r1-b7 ITALY --email tom@example.org --name Tom --temporary --until F1903M
  mailjudge replace wm-r1-b7 ITALY --end-temporary
A temporary replacement that would exceed four seasons replaced becomes permanent (B.7), as does one
still playing after its declared period.`),
  ).action(async (gameId: string, power: string, opts: CommonOptions & { email?: string; name?: string; zone?: string; temporary?: boolean; until?: string; endTemporary?: boolean; reason?: string; overrideB9?: string; fromPool?: boolean }) => {
    const a = await args();
    await (await shell()).execute(
      'replace',
      opts,
      () => {
        const c = a.collect({
          power: a.parsePower(power),
          until: opts.until === undefined ? undefined : a.parsePhaseName('--until', opts.until),
          zone: opts.zone === undefined ? undefined : a.parseZone('--zone', opts.zone),
        });
        const list = c.ok ? [] : [...c.problems];
        if (!opts.endTemporary && (!opts.email || !opts.name)) list.push('give the replacement with --email <address> --name "<name>" (or --end-temporary)');
        if (opts.email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(opts.email)) list.push(`--email "${opts.email}" is not an email address`);
        if (opts.overrideB9 !== undefined && !opts.overrideB9.trim()) list.push('--override-b9 needs the reason the TD allows it, e.g. --override-b9 "no reserve left; TD Jane Roe"');
        if (opts.temporary && opts.until === undefined) list.push('a temporary replacement needs --until <phase> (B.7: the period is declared when the replacement starts)');
        if (!opts.temporary && opts.until !== undefined) list.push('--until goes with --temporary');
        if (opts.fromPool && (opts.temporary || opts.endTemporary)) list.push('--from-pool is a permanent replacement (B.8(e): a reserve plays as a permanent replacement); leave out --temporary/--end-temporary');
        if (list.length > 0 || !c.ok) return { ok: false, problems: list };
        return { ok: true, value: c.value };
      },
      async (db, v, ctx) => (await import('../service/gm/replace.js')).runReplace(db, {
        gameId, power: v.power, ...(opts.email ? { email: opts.email } : {}), ...(opts.name ? { name: opts.name } : {}), ...(v.zone ? { zone: v.zone } : {}),
        ...(v.until ? { untilPhase: v.until } : {}), endTemporary: opts.endTemporary === true, ...(opts.reason ? { reason: opts.reason } : {}),
        ...(opts.overrideB9 !== undefined ? { b9Override: opts.overrideB9 } : {}),
        ...(opts.fromPool ? { fromPool: true } : {}),
      }, ctx),
    );
  });

  const rollbackRequest = program.command('rollback-request').description("the TD's answer to the GM's pending rollback request (D.VIII(1)); the GM asks by email: ROLLBACK <phase> <why>");
  for (const verb of ['approve', 'refuse'] as const) {
    const cmd = rollbackRequest
      .command(`${verb} <game>`)
      .description(verb === 'approve' ? "the TD's consent: the phase is reopened now and every player told" : 'the TD declines: nothing changes, the GM is told')
      .option('--phase <phase>', 'the phase the request names (a check that it is the one you read)')
      .option('--note <text>', verb === 'approve' ? 'your approval as recorded and announced: who, when, why' : 'your reason, for the GM');
    if (verb === 'approve') cmd.option('--deadline <instant>', "the reopened phase's deadline, ISO 8601 with zone (default: the phase's minimum length from now)");
    withCommon(
      cmd.addHelpText('after', `\nExample: mailjudge rollback-request ${verb} wm-r1-b7 --phase S1902M --note "${verb === 'approve' ? 'TD Jane Roe: Italy\'s orders were misread' : 'the error stands: the next results are out'}"`),
    ).action(async (gameId: string, opts: CommonOptions & { phase?: string; note?: string; deadline?: string }) => {
      const a = await args();
      await (await shell()).execute(
        `rollback-request ${verb}`,
        opts,
        () => {
          const c = a.collect({ phase: opts.phase === undefined ? undefined : a.parsePhaseName('--phase', opts.phase), deadline: opts.deadline === undefined ? undefined : a.parseInstant('--deadline', opts.deadline) });
          return c.ok ? { ok: true, value: c.value } : c;
        },
        async (db, v, ctx) => (await import('../service/diplomacy/rollback-request.js')).answerRollbackRequest(db, {
          gameId, approve: verb === 'approve', note: opts.note ?? '', answeredBy: `the TD, at the command line (${ctx.actor})`,
          ...(v.phase ? { phase: v.phase } : {}), ...(v.deadline ? { deadline: v.deadline } : {}),
        }, ctx),
      );
    });
  }

  const proposal = program.command('proposal').description('house-rule proposals (D.IX(5))');
  withCommon(
    proposal
      .command('agree <game>')
      .description("the GM's own answer to a house-rule proposal (D.IX(5): the GM and every remaining player must agree); announced to the players")
      .option('--proposal <n>', 'the proposal number (as STATUS lists it)')
      .option('--rule <rule>', 'the house rule it changes, e.g. D.VII(3)')
      .option('--disagree', 'the GM does not agree (the default answer when none is given)')
      .addHelpText('after', `
Examples:
  mailjudge proposal agree wm-r1-b7 --rule "D.VII(3)"
  mailjudge proposal agree wm-r1-b7 --proposal 4 --disagree
The last answer given by the vote's deadline counts; no answer counts as no (D.IX(5)).`),
  ).action(async (gameId: string, opts: CommonOptions & { proposal?: string; rule?: string; disagree?: boolean }) => {
    await (await shell()).execute(
      'proposal agree',
      opts,
      () => {
        const list: string[] = [];
        if (opts.proposal !== undefined && !/^#?\d{1,9}$/.test(opts.proposal)) list.push(`--proposal "${opts.proposal}": give the proposal's number, e.g. --proposal 4`);
        if (opts.rule !== undefined && !/^D\.[IVX]+\(\d+\)$/i.test(opts.rule)) list.push(`--rule "${opts.rule}": give a rule as the tournament rules number it, e.g. --rule "D.VII(3)"`);
        return list.length > 0 ? { ok: false, problems: list } : { ok: true, value: undefined };
      },
      async (db, _v, ctx) => (await import('../service/gm/agree-proposal.js')).runAgreeProposal(db, {
        gameId, agrees: opts.disagree !== true,
        ...(opts.proposal !== undefined ? { proposalId: Number(opts.proposal.replace('#', '')) } : {}),
        ...(opts.rule !== undefined ? { rule: opts.rule.toUpperCase() } : {}),
      }, ctx),
    );
  });

  withCommon(
    program
      .command('calendar <game...>')
      .description("show or change a game's turn lengths and when reminders and GM digests go out (several games: each changed on its own)")
      .option('--movement-hours <n>', 'movement turn length (default 96; under 72 needs consent, D.VII(4)(a))')
      .option('--retreat-hours <n>', 'retreat turn length (default 24; the minimum)')
      .option('--adjustment-hours <n>', 'adjustment turn length (default 24; the minimum)')
      .option('--reminders <hours>', 'reminders to players who have not ordered, hours before the deadline, e.g. 48,24,6 (or none)')
      .option('--digests <hours>', "the GM's digests, hours before the deadline, e.g. 24,2 (or none)")
      .option('--digest-times <times>', "the GM's daily digests, times of day in the GM's zone, e.g. 08:00,20:00 (or none)")
      .addHelpText('after', `
Examples:
  mailjudge calendar wm-r1-b7 --movement-hours 120 --reminders 48,24,6
  mailjudge calendar wm-r1-b1 wm-r1-b2 wm-r1-b3 --movement-hours 72 --digests none   (a round's boards)
Several games: each is changed on its own, as if named alone (its own checks, audit entry and mail to
its players); one refused changes nothing of its own and holds back none of the others. Exit code 2
when any was refused, naming each.`),
  ).action(async (gameIds: string[], opts: CommonOptions & { movementHours?: string; retreatHours?: string; adjustmentHours?: string; reminders?: string; digests?: string; digestTimes?: string }) => {
    const a = await args();
    await (await shell()).execute(
      'calendar',
      opts,
      () => {
        const twice = [...new Set(gameIds.filter((g, i) => gameIds.indexOf(g) !== i))].map((g) => `${g} is named twice: give each game once`);
        const c = a.collect({
          M: opts.movementHours === undefined ? undefined : a.parseHours('--movement-hours', opts.movementHours),
          R: opts.retreatHours === undefined ? undefined : a.parseHours('--retreat-hours', opts.retreatHours),
          A: opts.adjustmentHours === undefined ? undefined : a.parseHours('--adjustment-hours', opts.adjustmentHours),
          reminders: opts.reminders === undefined ? undefined : a.parseLeadHours('--reminders', opts.reminders),
          digests: opts.digests === undefined ? undefined : a.parseLeadHours('--digests', opts.digests),
          digestTimes: opts.digestTimes === undefined ? undefined : a.parseTimesOfDay('--digest-times', opts.digestTimes),
        });
        if (!c.ok || twice.length > 0) return { ok: false, problems: [...twice, ...(c.ok ? [] : c.problems)] };
        return { ok: true, value: c.value };
      },
      async (db, v, ctx) => {
        const settings = {
          turnHours: { ...(v.M !== undefined ? { M: v.M } : {}), ...(v.R !== undefined ? { R: v.R } : {}), ...(v.A !== undefined ? { A: v.A } : {}) },
          ...(v.reminders !== undefined ? { reminders: v.reminders } : {}),
          ...(v.digests !== undefined ? { digests: v.digests } : {}),
          ...(v.digestTimes !== undefined ? { digestTimes: v.digestTimes } : {}),
        };
        // One game: the command as it always was (its output and JSON unchanged).
        if (gameIds.length === 1) return (await import('../service/gm/settings.js')).runCalendarSettings(db, { gameId: gameIds[0]!, ...settings }, ctx);
        return (await import('../service/gm/settings-for-games.js')).runCalendarSettingsForGames(db, gameIds, settings, ctx);
      },
    );
  });
}
