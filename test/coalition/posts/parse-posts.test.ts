/**
 * The Coalition movement-post parser: every form of rules 3.2.1–3.2.5 reads as its canonical text,
 * every problem gives a stable code, fragment and wording, and nothing a player can type makes it
 * throw or produce an order that does not read back to itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCoalitionPost } from '../../../src/coalition/posts/format-post.js';
import {
  parseCoalitionPosts,
  type CoalitionIssueCode,
  type ParseCoalitionPostsOptions,
  type ParseCoalitionPostsResult,
} from '../../../src/coalition/posts/parse-posts.js';
import { MAP_ROWS, type CoalitionAction, type CoalitionPost, type MoveLeg, type Square } from '../../../src/coalition/posts/post.js';

/** The canonical text of a one-line post that must parse cleanly. */
function canonical(line: string, options?: ParseCoalitionPostsOptions): string {
  const r = parseCoalitionPosts(line, options);
  if (r.posts.length !== 1 || r.issues.length > 0) throw new Error(`"${line}" did not parse: ${JSON.stringify(r.issues)}`);
  const [post] = r.posts;
  return post ? formatCoalitionPost(post) : '';
}

/** The one issue of a line that must give exactly one. */
function issueOf(line: string): ParseCoalitionPostsResult['issues'][number] {
  const { issues } = parseCoalitionPosts(line);
  if (issues.length !== 1 || !issues[0]) throw new Error(`"${line}" gave ${issues.length} issues: ${JSON.stringify(issues)}`);
  return issues[0];
}

const sq = (s: string): Square => ({ col: Number(s.slice(0, -1)), row: s.slice(-1) });

describe('parseCoalitionPosts accepts', () => {
  // prettier-ignore
  it.each([
    // 3.2.2.5 format, the rules' own examples
    ['3.2.2.5 move with replace',          'Sai Rei: 3D > 5E; replace Darkhand5',            'Sai Rei: 3D > 5E; replace Darkhand5'],
    ['3.2.2.3 long distance move',         'Sai Rei: 5E > 8E > 11E > 14E > 14H',             'Sai Rei: 5E > 8E > 11E > 14E > 14H'],
    ['3.2.2.4 routed move',                'Sai Rei: 5E > 4G (5E - 5F - 5G - 4G)',           'Sai Rei: 5E > 4G (5E - 5F - 5G - 4G)'],
    ['3.2.2.1 move of 3 squares',          'Sai Rei: 3D > 6D',                               'Sai Rei: 3D > 6D'],
    ['3.2.2.1 move N/S and E/W',           'Sai Rei: 3D > 4F',                               'Sai Rei: 3D > 4F'],
    ['3.2.2.2 move with engage',           'Sai Rei: 3D > 5E; engage Gix',                   'Sai Rei: 3D > 5E; engage Gix'],
    ['3.2.2.3 long move with replace',     'Sai Rei: 5E > 8E > 11E; replace Darkhand5',      'Sai Rei: 5E > 8E > 11E; replace Darkhand5'],
    // case, spacing and arrows
    ['3.2.2.5 lower case, no spaces',      'sai rei: 5e>8e',                                 'sai rei: 5E > 8E'],
    ['3.2.2.5 -> for >',                   'Sai Rei: 5E -> 8E',                              'Sai Rei: 5E > 8E'],
    ['3.2.2.5 → for >',                    'Sai Rei: 5E → 8E → 11E',                         'Sai Rei: 5E > 8E > 11E'],
    ['3.2.2.5 "to" for >',                 'Sai Rei: 5E to 8E',                              'Sai Rei: 5E > 8E'],
    ['3.2.2.5 "move from ... to"',         'Sai Rei: move from 3D to 5E',                    'Sai Rei: 3D > 5E'],
    ['3.2.2.5 square with a space',        'Sai Rei: 5 e > 6 f',                             'Sai Rei: 5E > 6F'],
    ['3.2.2.5 stray whitespace',           '   Sai   Rei :  3D  >  5E ;  replace  Darkhand5 ', 'Sai Rei: 3D > 5E; replace Darkhand5'],
    ['3.2.2.5 comma, full stop',           'Sai Rei: 3D > 5E, replace Darkhand5.',           'Sai Rei: 3D > 5E; replace Darkhand5'],
    ['3.2.2.5 no separator before replace','Sai Rei: 3D > 5E replace Darkhand5',             'Sai Rei: 3D > 5E; replace Darkhand5'],
    ['3.2.2.5 list markers',               '- Sai Rei: 3D > 5E',                             'Sai Rei: 3D > 5E'],
    ['3.2.2.5 numbered line',              '2) Sai Rei: 3D > 5E',                            'Sai Rei: 3D > 5E'],
    // 3.2.2.4 routes
    ['3.2.2.4 route without spaces',       'Sai Rei: 5E > 4G (5E-5F-5G-4G)',                 'Sai Rei: 5E > 4G (5E - 5F - 5G - 4G)'],
    ['3.2.2.4 route with commas',          'Sai Rei: 5e > 4g (5e, 5f, 5g, 4g)',              'Sai Rei: 5E > 4G (5E - 5F - 5G - 4G)'],
    ['3.2.2.4 route with > and spaces',    'Sai Rei: 5E > 4G (5E > 5F > 5G 4G)',             'Sai Rei: 5E > 4G (5E - 5F - 5G - 4G)'],
    ['3.2.2.4 detour of 3 squares',        'Sai Rei: 5E > 5F (5E - 6E - 6F - 5F)',           'Sai Rei: 5E > 5F (5E - 6E - 6F - 5F)'],
    ['3.2.2.4 route on one leg of a long', 'Sai Rei: 5E > 8E (5E - 6E - 7E - 8E) > 11E',     'Sai Rei: 5E > 8E (5E - 6E - 7E - 8E) > 11E'],
    ['3.2.2.4 route on the last leg',      'Sai Rei: 5E > 8E > 11E (8E - 9E - 10E - 11E)',   'Sai Rei: 5E > 8E > 11E (8E - 9E - 10E - 11E)'],
    ['3.2.2.4 one route for a long move',  'Sai Rei: 5E > 7F > 8H (5E - 6E - 7E - 7F - 7G - 8G - 8H)', 'Sai Rei: 5E > 7F (5E - 6E - 7E - 7F) > 8H (7F - 7G - 8G - 8H)'],
    ['3.2.2.4 route then replace',         'Sai Rei: 5E > 4G (5E - 5F - 5G - 4G); replace X', 'Sai Rei: 5E > 4G (5E - 5F - 5G - 4G); replace X'],
    // 1.2 grid edges
    ['1.2 top left corner',                'Sai Rei: 1A > 2B',                               'Sai Rei: 1A > 2B'],
    ['1.2 bottom right corner',            'Sai Rei: 38N > 36M',                             'Sai Rei: 38N > 36M'],
    // 3.2.5.1 joint engage
    ['3.2.5.1 joint engage',               'Sai Rei: 5E > 6E; Joint Engage',                 'Sai Rei: 5E > 6E; Joint Engage'],
    ['3.2.5.1 joint engage, any spelling', 'Sai Rei: 5e > 6e joint-engage.',                 'Sai Rei: 5E > 6E; Joint Engage'],
    ['3.2.5.1 joint engage, routed',       'Sai Rei: 5E > 4G (5E - 5F - 5G - 4G); JointEngage', 'Sai Rei: 5E > 4G (5E - 5F - 5G - 4G); Joint Engage'],
    ['3.2.5.1 joint engage on own square', 'Sai Rei: 5E; Joint Engage',                      'Sai Rei: 5E > 5E; Joint Engage'],
    ['3.2.5.1 joint engage, not moving',   'Sai Rei: 5E > 5E; Joint Engage',                 'Sai Rei: 5E > 5E; Joint Engage'],
    // 3.2.3.1 intercept
    ['3.2.3.1 intercept',                  'Darkhand5: Intercept Sai Rei',                   'Darkhand5: Intercept Sai Rei'],
    ['3.2.3.1 intercept, any case',        'darkhand5:intercepts  sai  rei.',                'darkhand5: Intercept sai rei'],
    // 3.2.4.2 transfer
    ['3.2.4.2 transfer',                   'Sai Rei: Transfer to Darkhand5 at 6F',           'Sai Rei: Transfer to Darkhand5 at 6F'],
    ['3.2.4.2 transfer, "in", no "to"',    'Sai Rei: transfers Darkhand5 in 6f',             'Sai Rei: Transfer to Darkhand5 at 6F'],
    ['3.2.4.2 transfer, @ square',         'Sai Rei: Transfer to Darkhand5 @6F.',            'Sai Rei: Transfer to Darkhand5 at 6F'],
    ['3.2.4.2 transfer, (square)',         'Sai Rei: Transfer to Darkhand5 (6F)',            'Sai Rei: Transfer to Darkhand5 at 6F'],
    ['3.2.4.2 transfer to a name with at', 'Sai Rei: Transfer to Look at 5E at 6F',          'Sai Rei: Transfer to Look at 5E at 6F'],
    // 3.2.1 optional posts
    ['3.2.1 hold',                         'Sai Rei: hold',                                  'Sai Rei: hold'],
    ['3.2.1 holds',                        'Sai Rei: holds',                                 'Sai Rei: hold'],
    ['3.2.1 stay',                         'Sai Rei: stay',                                  'Sai Rei: hold'],
    ['3.2.1 stays put',                    'Sai Rei: Stays put.',                            'Sai Rei: hold'],
    ['3.2.1 does not move',                "Sai Rei: doesn't move",                          'Sai Rei: hold'],
    ['3.2.1 hold at a square',             'Sai Rei: hold at 5E',                            'Sai Rei: hold at 5E'],
    ['3.2.1 square then hold',             'Sai Rei: 5E holds',                              'Sai Rei: hold at 5E'],
    ['3.2.1 in battle',                    'Sai Rei: in battle',                             'Sai Rei: in battle'],
    ['3.2.1 fighting',                     'Sai Rei: fighting!',                             'Sai Rei: in battle'],
    ['3.2.1 in battle with an army',       'Sai Rei: engaged in battle vs. Gix',             'Sai Rei: in battle with Gix'],
  ])('%s: %j → %j', (_rule, input, expected) => {
    expect(canonical(input)).toBe(expected);
  });

  it('3.2.2.5 keeps the structure of a long, routed, replacing move', () => {
    expect(parseCoalitionPosts('Sai Rei: 5E > 4G (5E - 5F - 5G - 4G) > 7G; replace Darkhand5')).toEqual({
      posts: [{
        line: 1,
        army: 'Sai Rei',
        written: 'Sai Rei: 5E > 4G (5E - 5F - 5G - 4G) > 7G; replace Darkhand5',
        action: {
          kind: 'move',
          from: sq('5E'),
          legs: [{ to: sq('4G'), route: ['5E', '5F', '5G', '4G'].map(sq) }, { to: sq('7G') }],
          destinationArmy: { kind: 'replace', army: 'Darkhand5' },
        },
      }],
      issues: [],
    });
  });

  it('3.2.3.1 / 3.2.4.2 / 3.2.5.1 / 3.2.1 keep the structure of the other actions', () => {
    const actions = parseCoalitionPosts([
      'Darkhand5: Intercept Sai Rei',
      'Sai Rei: Transfer to Darkhand5 at 6F',
      'Gix: 5E > 6E; Joint Engage',
      'Tsabo: hold',
      'Urza: hold at 3C',
      'Mirri: in battle with Crovax',
    ].join('\n')).posts.map((p) => p.action);
    expect(actions).toEqual([
      { kind: 'intercept', army: 'Sai Rei' },
      { kind: 'transfer', army: 'Darkhand5', at: sq('6F') },
      { kind: 'jointEngage', from: sq('5E'), to: sq('6E') },
      { kind: 'hold' },
      { kind: 'hold', at: sq('3C') },
      { kind: 'inBattle', opponent: 'Crovax' },
    ]);
  });

  it('3.2.2.5 reads an order without a name as the poster\'s own army, when the poster is known', () => {
    const r = parseCoalitionPosts('3D > 5E\nhold at 2B', { poster: 'Gazetzot' });
    expect(r.posts).toEqual([{ line: 2, army: 'Gazetzot', written: 'hold at 2B', action: { kind: 'hold', at: sq('2B') } }]);
    expect(r.issues).toEqual([expect.objectContaining({ line: 1, code: 'duplicateArmy', fragment: '', severity: 'warning' })]);
    expect(canonical(': Intercept Gix', { poster: 'Gazetzot' })).toBe('Gazetzot: Intercept Gix');
  });

  it('3.2.1 / 3.1 skips chatter: lines with no colon that no order could start with', () => {
    const text = [
      'Moves for turn 12 below, good luck all',
      '',
      'Stay tuned for more',
      'Holding the line was hard',
      'Sai Rei: 3D > 5E',
      'Deadline is 5:00 GMT, see http://www.oocities.org/thecoalition',
      'fighting words from the Phyrexians again',
    ].join('\n');
    expect(parseCoalitionPosts(text)).toEqual({
      posts: [{ line: 5, army: 'Sai Rei', written: 'Sai Rei: 3D > 5E', action: { kind: 'move', from: sq('3D'), legs: [{ to: sq('5E') }] } }],
      issues: [],
    });
  });

  it('3.3.6 keeps only the last order for an army, where it was written (3.3.1), and warns on the others', () => {
    const r = parseCoalitionPosts('Sai Rei: 3D > 5E\nDarkhand5: hold\nsai rei: 3D > 4D\nSai Rei: 5E > 8E; broken');
    expect(r.posts.map(formatCoalitionPost)).toEqual(['Darkhand5: hold', 'sai rei: 3D > 4D']);
    expect(r.issues.map((i) => [i.line, i.code, i.fragment, i.severity])).toEqual([
      [1, 'duplicateArmy', 'Sai Rei', 'warning'],
      [4, 'trailingText', 'broken', 'error'],
    ]);
  });
});

/** One line per issue code; the Record type makes a new code fail to compile until it has an example here. */
// prettier-ignore
const EXAMPLES: Record<CoalitionIssueCode, readonly [rule: string, line: string, fragment: string]> = {
  lineTooLong:      ['limits',  `Sai Rei: hold ${'x'.repeat(500)}`,                    'Sai Rei: hold xxxxxxxxxxxxxxxxxxxxxxxxxx'],
  tooManyLines:     ['limits',  `${'\n'.repeat(2000)}Sai Rei: hold`,                   'Sai Rei: hold'],
  missingArmyName:  ['3.2.2.5', '3D > 5E',                                             ''],
  badArmyName:      ['3.2.2.5', 'Sai (Rei): 3D > 5E',                                  'Sai (Rei)'],
  missingColon:     ['3.2.2.5', 'Sai Rei 3D > 5E',                                     'Sai Rei'],
  expectedAction:   ['3.2.1',   'Sai Rei: charge!',                                    'charge!'],
  badSquare:        ['1.2',     'Sai Rei: 3D > 39E',                                   '39E'],
  expectedSquare:   ['3.2.2.5', 'Sai Rei: 3D > there',                                 'there'],
  expectedArrow:    ['3.2.2.5', 'Sai Rei: 3D - 5E',                                    '-'],
  routeMismatch:    ['3.2.2.4', 'Sai Rei: 5E > 4G (5E - 4F - 4G)',                     '5E - 4F'],
  unclosedRoute:    ['3.2.2.4', 'Sai Rei: 5E > 4G (5E - 5F - 5G - 4G',                 '(5E - 5F - 5G - 4G'],
  stepTooLong:      ['3.2.2.1', 'Sai Rei: 5E > 9E',                                    '5E > 9E'],
  longJointEngage:  ['3.2.5.1', 'Sai Rei: 5E > 8E > 9E; Joint Engage',                 '5E > 8E > 9E'],
  selfTarget:       ['3.2.3.1', 'Sai Rei: Intercept sai rei',                          'sai rei'],
  trailingText:     ['3.2.2.5', 'Sai Rei: 3D > 5E please',                             'please'],
  jointEngageArmy:  ['3.2.5.1', 'Sai Rei: 5E > 6E; Joint Engage Gix',                  'Gix'],
  transferDetails:  ['3.2.4.2', 'Sai Rei: Transfer 500 Grizzly Bears to Darkhand5 at 6F', '500 Grizzly Bears'],
  duplicateArmy:    ['3.3.6',   'Sai Rei: 3D > 5E\nSai Rei: 3D > 4D',                  'Sai Rei'],
};

const WARNINGS: ReadonlySet<CoalitionIssueCode> = new Set(['jointEngageArmy', 'transferDetails', 'duplicateArmy']);

describe('parseCoalitionPosts reports', () => {
  it.each(Object.entries(EXAMPLES))('%s (rule %s)', (code, [, line, fragment]) => {
    const issue = issueOf(line);
    expect(issue).toMatchObject({ code, fragment, severity: WARNINGS.has(code as CoalitionIssueCode) ? 'warning' : 'error' });
    expect(issue.message).toContain('write');
  });

  // prettier-ignore
  it.each([
    // 1.2 the grid: columns 1–38, rows A–N, column first
    ['1.2 column 0',                        'Sai Rei: 0E > 1E',                        'badSquare',       '0E'],
    ['1.2 row past N',                      'Sai Rei: 5E > 5O',                        'badSquare',       '5O'],
    ['1.2 row first',                       'Sai Rei: E5 > 6E',                        'badSquare',       'E5'],
    ['1.2 two letters',                     'Sai Rei: 5EE > 6E',                       'badSquare',       '5EE'],
    ['1.2 in a route',                      'Sai Rei: 5E > 6E (5E - 6Z)',               'badSquare',       '6Z'],
    ['1.2 in a transfer',                   'Sai Rei: Transfer to Darkhand5 at 50F',    'badSquare',       '50F'],
    ['1.2 in a hold',                       'Sai Rei: hold at 0A',                      'badSquare',       '0A'],
    // 3.2.2.1 range and 3.2.2.3 every step legal
    ['3.2.2.1 diagonal-ish 4 squares',      'Sai Rei: 3D > 5F',                        'stepTooLong',     '3D > 5F'],
    ['3.2.2.3 second leg too long',         'Sai Rei: 5E > 8E > 12E',                  'stepTooLong',     '8E > 12E'],
    ['3.2.2.1 route of 4 squares',          'Sai Rei: 5E > 6F (5E - 6E - 7E - 7F - 6F)', 'stepTooLong',   '(5E - 6E - 7E - 7F - 6F)'],
    // 3.2.2.4 routes
    ['3.2.2.4 route not from the origin',   'Sai Rei: 5E > 4G (5F - 5G - 4G)',          'routeMismatch',   '(5F - 5G - 4G)'],
    ['3.2.2.4 route not to the destination','Sai Rei: 5E > 4G (5E - 5F - 5G)',          'routeMismatch',   '(5E - 5F - 5G)'],
    ['3.2.2.4 route repeats a square',      'Sai Rei: 5E > 6E (5E - 5E - 6E)',          'routeMismatch',   '5E - 5E'],
    ['3.2.2.4 whole route misses a stop',   'Sai Rei: 5E > 7E > 8F (5E - 6E - 6F - 7F - 8F)', 'routeMismatch', '(5E - 6E - 6F - 7F - 8F)'],
    ['3.2.2.4 whole route, diagonal step',  'Sai Rei: 5E > 7E > 8F (5E - 6E - 7E - 8F)', 'routeMismatch',   '7E - 8F'],
    ['3.2.2.4 empty route',                 'Sai Rei: 5E > 6E ()',                      'expectedSquare',  '()'],
    ['3.2.2.4 word in a route',             'Sai Rei: 5E > 6E (5E - north)',            'expectedSquare',  'north'],
    ['3.2.2.4 route cut by ;',              'Sai Rei: 5E > 6E (5E - 6E; replace X',     'unclosedRoute',   '(5E - 6E'],
    // 3.2.2.5 the move's shape
    ['3.2.2.5 no destination',              'Sai Rei: 3D >',                            'expectedSquare',  ''],
    ['3.2.2.5 square alone',                'Sai Rei: 3D',                              'expectedArrow',   ''],
    ['3.2.2.5 route without a move',        'Sai Rei: 3D (3D - 4D)',                    'expectedArrow',   '('],
    ['3.2.2.5 empty name',                  ': 3D > 5E',                                'missingArmyName', ''],
    ['3.2.2.5 name starts with a symbol',   '#1 Sai: 3D > 5E',                          'badArmyName',     '#1 Sai'],
    ['3.2.2.5 replace whom?',               'Sai Rei: 3D > 5E; replace',                'missingArmyName', ''],
    ['3.2.2.2 engage itself',               'Sai Rei: 3D > 5E; engage Sai Rei',         'selfTarget',      'Sai Rei'],
    ['3.2.2.2 engage and replace',          'Sai Rei: 3D > 5E; replace X; engage Y',    'trailingText',    'engage Y'],
    ['3.2.2.5 name of the target',          'Sai Rei: 3D > 5E; replace <X>',            'badArmyName',     '<X>'],
    ['3.2.1 nothing after the colon',       'Moves:',                                   'expectedAction',  ''],
    ['3.2.1 replace with no move',          'Sai Rei: replace Darkhand5',               'expectedAction',  'replace'],
    ['3.2.2.5 no colon, name then order',   'Sai Rei intercept Gix',                    'missingColon',    'Sai Rei'],
    ['3.2.2.5 no name, no poster',          'Intercept Gix',                            'missingArmyName', ''],
    // 3.2.3.1, 3.2.4.2, 3.2.5.1
    ['3.2.3.1 intercept whom?',             'Sai Rei: Intercept',                       'missingArmyName', ''],
    ['3.2.3.1 intercept then more',         'Sai Rei: Intercept Gix; hold',             'trailingText',    'hold'],
    ['3.2.4.2 transfer, no square',         'Sai Rei: Transfer to Darkhand5',           'expectedSquare',  ''],
    ['3.2.4.2 transfer to whom?',           'Sai Rei: Transfer to at 6F',               'missingArmyName', ''],
    ['3.2.4.2 transfer to itself',          'Sai Rei: Transfer to Sai Rei at 6F',       'selfTarget',      'Sai Rei'],
    ['3.2.5.1 joint engage without a move', 'Sai Rei: Joint Engage 6E',                 'expectedSquare',  'Joint Engage'],
    ['3.2.5.1 joint engage and replace',    'Sai Rei: 3D > 5E; Joint Engage; replace X', 'trailingText',   'replace X'],
    ['3.2.1 hold at what?',                 'Sai Rei: hold at home',                    'expectedSquare',  'home'],
    ['3.2.1 hold then more',                'Sai Rei: hold 5E > 6E',                    'trailingText',    '> 6E'],
    ['3.1 a time is not the name colon',    'Sai Rei: hold until 5:00',                 'trailingText',    'until 5:00'],
  ])('%s: %j → %s %j', (_rule, input, code, fragment) => {
    expect(parseCoalitionPosts(input).issues).toContainEqual(expect.objectContaining({ line: 1, code, fragment }));
    expect(parseCoalitionPosts(input).posts.filter((p) => p.line === 1)).toEqual([]);
  });

  it('3.2.2.5 reports every problem of a post in one pass, in line order', () => {
    const r = parseCoalitionPosts(['Sai Rei: 0E > 5O', 'Darkhand5: 5E > 9E > 20E', 'Gix: Intercept Gix', 'Tsabo: hold'].join('\n'));
    expect(r.issues.map((i) => `${i.line} ${i.code} ${i.fragment}`)).toEqual([
      '1 badSquare 0E',
      '1 badSquare 5O',
      '2 stepTooLong 5E > 9E',
      '2 stepTooLong 9E > 20E',
      '3 selfTarget Gix',
    ]);
    expect(r.posts.map(formatCoalitionPost)).toEqual(['Tsabo: hold']);
  });

  it('warnings keep the order: 3.2.4.2 transfer details and 3.2.5.1 an army after Joint Engage', () => {
    const r = parseCoalitionPosts('Sai Rei: Transfer 500 Grizzly Bears to Darkhand5 at 6F\nGix: 5E > 6E; Joint Engage Sai Rei');
    expect(r.posts.map(formatCoalitionPost)).toEqual(['Sai Rei: Transfer to Darkhand5 at 6F', 'Gix: 5E > 6E; Joint Engage']);
    expect(r.issues.map((i) => i.severity)).toEqual(['warning', 'warning']);
  });
});

describe('issue wording (the accepted form is part of the contract)', () => {
  it('shows the accepted form for every issue code', () => {
    const messages = Object.fromEntries(Object.entries(EXAMPLES).map(([code, [, line]]) => [code, issueOf(line).message]));
    expect(messages).toMatchInlineSnapshot(`
      {
        "badArmyName": ""Sai (Rei)" is not an army name; a name starts with a letter or digit and has no : ; < > ( ): write "Army: 3D > 5E"",
        "badSquare": ""39E" is not a square; a square is its row number 1–38, then its column letter A–N (1.2): write a square like "5E"",
        "duplicateArmy": "Sai Rei is ordered again on line 2; only the last order counts (3.3.6) and this one is ignored: write one order per army, as "Sai Rei: 3D > 4D"",
        "expectedAction": ""charge!" is not an order; write one of "Sai Rei: 3D > 5E", "Sai Rei: 5E > 8E > 11E", "Sai Rei: 5E > 4G (5E - 5F - 5G - 4G)", "Sai Rei: 3D > 5E; replace Darkhand5", "Sai Rei: 5E > 6E; Joint Engage", "Sai Rei: Intercept Darkhand5", "Sai Rei: Transfer to Darkhand5 at 6F", "Sai Rei: hold"",
        "expectedArrow": "expected ">" and a destination after 3D; "-" only separates the squares of a route in parentheses (3.2.2.4): write "Sai Rei: 3D > 5E" to move, or "Sai Rei: hold" to stay (3.2.2.5)",
        "expectedSquare": ""there" is not a square; a move needs a destination square after ">" (3.2.2.5): write "Sai Rei: 3D > 8E"",
        "jointEngageArmy": "Joint Engage names the square, not an army (3.2.5.1); "Gix" is ignored: write "Sai Rei: 5E > 6E; Joint Engage"",
        "lineTooLong": "the line is 514 characters long and is not read; an order line may have at most 500: write one order a line, as "Army: 5E > 8E"",
        "longJointEngage": "a Joint Engage is one turn's move to the square to be fought over, not a long distance move (3.2.5.1, 3.2.5.2): write "Sai Rei: 5E > 8E; Joint Engage"",
        "missingArmyName": "no army named: write "Army: 3D > 5E" (the name may be left off only by a poster ordering the army of the same name, 3.2.2.5)",
        "missingColon": "an order starts with the army's name and a colon: write "Sai Rei: 3D > 5E"",
        "routeMismatch": "5E to 4F is not a step to the next square; a route goes one square at a time, N/S or E/W, never diagonally (3.2.2.1, 3.2.2.4): write "Sai Rei: 5E > 4G (5E - 5F - 5G - 4G)"",
        "selfTarget": "Sai Rei cannot intercept itself: write "Sai Rei: Intercept Darkhand5"",
        "stepTooLong": "5E to 9E is 4 squares; an army moves at most 3 a turn, N/S and E/W only (3.2.2.1), so post each turn's step separately (3.2.2.3): write "Sai Rei: 5E > 8E > 9E"",
        "tooManyLines": "a post may have at most 2000 lines; line 2001 and those after it are not read: write one order a line, as "Army: 5E > 8E", and post the rest separately",
        "trailingText": ""please" after a complete order is not read: write "Sai Rei: 3D > 5E"",
        "transferDetails": ""500 Grizzly Bears" is not read: the troops to transfer go to the movement judge by e-mail or PM, or the transfer does nothing (3.2.4.2): write "Sai Rei: Transfer to Darkhand5 at 6F"",
        "unclosedRoute": "the route "(5E - 5F - 5G - 4G" has no ")": write "Sai Rei: 5E > 4G (5E - 5F - 5G - 4G)"",
      }
    `);
  });

  it('suggests a split long move, a walkable route and a fixed square', () => {
    expect([
      issueOf('Sai Rei: 5E > 14E > 14H').message,
      issueOf('Sai Rei: 5E > 8E > 11E (5E - 6E)').message,
      issueOf('Sai Rei: 5E > 4G (5E - 4F - 4G); Joint Engage').message,
      issueOf('Sai Rei: E5 > 6E').message,
      issueOf('Sai Rei: Transfer to Darkhand5 at 6F; now').message,
    ]).toMatchInlineSnapshot(`
      [
        "5E to 14E is 9 squares; an army moves at most 3 a turn, N/S and E/W only (3.2.2.1), so post each turn's step separately (3.2.2.3): write "Sai Rei: 5E > 8E > 11E > 14E > 14H"",
        "the route (5E - 6E) must start at 8E and end at 11E (3.2.2.4): write "Sai Rei: 5E > 8E > 11E (8E - 9E - 10E - 11E)"",
        "5E to 4F is not a step to the next square; a route goes one square at a time, N/S or E/W, never diagonally (3.2.2.1, 3.2.2.4): write "Sai Rei: 5E > 4G (5E - 5F - 5G - 4G); Joint Engage"",
        ""E5" is not a square; the row number comes first (1.2): write "5E"",
        ""now" after a complete order is not read: write "Sai Rei: Transfer to Darkhand5 at 6F"",
      ]
    `);
  });
});

describe('round trip: parse(format(p)) is p', () => {
  it('3.2.2.5 reads every canonical form back to the same post', () => {
    const text = [
      'Sai Rei: 3D > 5E; replace Darkhand5',
      'Gix: 5E > 8E > 11E > 14E > 14H',
      'Tsabo: 5E > 4G (5E - 5F - 5G - 4G)',
      'Urza: 5E > 8E (5E - 6E - 7E - 8E) > 11E; engage Crovax',
      'Mirri: 5E > 6E; Joint Engage',
      'Darkhand5: Intercept Sai Rei',
      'Karn: Transfer to Darkhand5 at 6F',
      'Gerrard: hold',
      'Hanna: hold at 1A',
      'Squee: in battle',
      'Eladamri: in battle with Volrath',
    ].join('\n');
    const { posts, issues } = parseCoalitionPosts(text);
    expect(issues).toEqual([]);
    expect(posts.map(formatCoalitionPost).join('\n')).toBe(text);
    for (const p of posts) {
      expect(parseCoalitionPosts(formatCoalitionPost(p)).posts).toEqual([{ ...p, line: 1 }]);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties

/** Everything the parser promises about any input: issues point into the text, posts read back to themselves. */
function checkContract(text: string, options?: ParseCoalitionPostsOptions): void {
  const result = parseCoalitionPosts(text, options);
  const lines = text.split(/\r\n|\r|\n/);
  for (const issue of result.issues) {
    expect(issue.line).toBeGreaterThanOrEqual(1);
    expect(issue.line).toBeLessThanOrEqual(lines.length);
    expect(lines[issue.line - 1]).toContain(issue.fragment);
    expect(issue.message).toContain('write');
    expect(issue.severity).toBe(WARNINGS.has(issue.code) ? 'warning' : 'error');
  }
  expect(result.issues.map((i) => i.line)).toEqual([...result.issues.map((i) => i.line)].sort((a, b) => a - b));
  const armies = result.posts.map((p) => p.army.toLowerCase());
  expect(new Set(armies).size).toBe(armies.length);
  for (const post of result.posts) {
    expect(post.written).toBe(lines[post.line - 1]?.trim());
    expect(result.issues.filter((i) => i.line === post.line && i.severity === 'error')).toEqual([]);
    const text2 = formatCoalitionPost(post);
    expect(parseCoalitionPosts(text2)).toEqual({ posts: [{ line: 1, army: post.army, written: text2, action: post.action }], issues: [] });
  }
}

// Canonical posts built directly from the data types.
const STEPS = [[0, 1], [0, -1], [1, 0], [-1, 0]] as const;
const square = fc.record({ col: fc.integer({ min: 1, max: 38 }), row: fc.constantFrom(...MAP_ROWS) });
const stepList = fc.array(fc.constantFrom(...STEPS), { maxLength: 3 });
/** The squares walked from `start` taking `steps` (those that would leave the map are skipped). */
function walkSteps(start: Square, steps: readonly (readonly [number, number])[]): Square[] {
  const out = [start];
  let at = start;
  for (const [dc, dr] of steps) {
    const col = at.col + dc;
    const row = MAP_ROWS.charAt(MAP_ROWS.indexOf(at.row) + dr);
    if (col < 1 || col > 38 || row === '' || MAP_ROWS.indexOf(at.row) + dr < 0) continue;
    at = { col, row };
    out.push(at);
  }
  return out;
}
const word = fc.string({ unit: fc.constantFrom(...'aZk5éλ漢\'-&._!,'), minLength: 1, maxLength: 6 });
const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((ws) => ws.join(' '))
  .filter((n) => /^[\p{L}\p{N}]/u.test(n) && !n.endsWith('.') && !/^\d{1,3}\.\s/.test(n));
const legsFrom = (from: Square, legs: readonly { readonly steps: readonly (readonly [number, number])[]; readonly routed: boolean }[]): MoveLeg[] => {
  let at = from;
  return legs.map(({ steps, routed }) => {
    const path = walkSteps(at, steps);
    const to = path[path.length - 1] ?? at;
    at = to;
    return routed ? { to, route: path } : { to };
  });
};
const legSpec = fc.record({ steps: stepList, routed: fc.boolean() });
const action: fc.Arbitrary<CoalitionAction> = fc.oneof(
  fc.record({ from: square, legs: fc.array(legSpec, { minLength: 1, maxLength: 4 }), dest: fc.option(fc.record({ kind: fc.constantFrom('engage' as const, 'replace' as const), army: name }), { nil: undefined }) })
    .map(({ from, legs, dest }): CoalitionAction => {
      const [head, ...tail] = legsFrom(from, legs);
      return { kind: 'move', from, legs: [head ?? { to: from }, ...tail], ...(dest ? { destinationArmy: dest } : {}) };
    }),
  fc.record({ from: square, leg: legSpec }).map(({ from, leg }): CoalitionAction => {
    const [l] = legsFrom(from, [leg]);
    return { kind: 'jointEngage', from, to: l?.to ?? from, ...(l?.route ? { route: l.route } : {}) };
  }),
  name.map((army): CoalitionAction => ({ kind: 'intercept', army })),
  fc.record({ army: name, at: square }).map(({ army, at }): CoalitionAction => ({ kind: 'transfer', army, at })),
  fc.option(square, { nil: undefined }).map((at): CoalitionAction => (at ? { kind: 'hold', at } : { kind: 'hold' })),
  fc.option(name, { nil: undefined }).map((opponent): CoalitionAction => (opponent ? { kind: 'inBattle', opponent } : { kind: 'inBattle' })),
);
/** The army an action names, if any (an army never targets itself). */
function target(a: CoalitionAction): string | undefined {
  switch (a.kind) {
    case 'move': return a.destinationArmy?.army;
    case 'intercept': case 'transfer': return a.army;
    case 'inBattle': return a.opponent;
    default: return undefined;
  }
}
const canonicalPost = fc.record({ army: name, action })
  .filter(({ army, action: a }) => target(a)?.toLowerCase() !== army.toLowerCase())
  .map(({ army, action: a }): CoalitionPost => ({ line: 1, army, written: formatCoalitionPost({ army, action: a }), action: a }));

// prettier-ignore
const FRAGMENTS = [
  'Sai Rei:', 'Darkhand5', 'sai rei', 'Gix', ':', ': ', '5E', '8e', '11E', '4G', '5F', '6 E', '39E', 'E5', '0A', '5O',
  '>', '->', '→', '-', '–', '(', ')', ';', ',', '.', '!', '@', 'replace', 'engage', 'Joint Engage', 'joint-engage',
  'Intercept', 'Transfer to', 'transfer', 'at', 'in', 'to', 'hold', 'holds', 'stay put', 'in battle', 'with', 'move',
  'from', '1.', '- ', '* ', '5:00', 'http://x.y', '漢字', 'é', '\t', ' ', '  ', '\u00a0', '\u2028',
];
/** An army part (list markers, name words, a colon or none) then order fragments. */
const fragmentLine = fc.tuple(
  fc.array(fc.constantFrom('1.', '2)', '-', '*', 'Sai', 'Rei', 'Gix', '5E', '#'), { maxLength: 4 }),
  fc.constantFrom(': ', ':', ' : ', ''),
  fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 14 }),
  fc.constantFrom(' ', ''),
).map(([army, colon, parts, sep]) => army.join(' ') + colon + parts.join(sep));
/** A well-formed post's text with a few pieces inserted, replaced, dropped or recased: near misses. */
const nearMissLine = fc.tuple(
  canonicalPost,
  fc.array(fc.tuple(fc.nat(), fc.constantFrom(...FRAGMENTS), fc.constantFrom('insert', 'replace', 'delete', 'upper', 'lower')), { maxLength: 3 }),
).map(([post, edits]) => {
  const parts = formatCoalitionPost(post).match(/[^\s>();:,-]+|\s+|[>();:,-]/g) ?? [];
  for (const [n, fragment, edit] of edits) {
    const k = n % (parts.length + 1);
    const part = parts[k] ?? '';
    if (edit === 'insert') parts.splice(k, 0, fragment);
    else if (edit === 'replace') parts.splice(k, 1, fragment);
    else if (edit === 'delete') parts.splice(k, 1);
    else parts.splice(k, 1, edit === 'upper' ? part.toUpperCase() : part.toLowerCase());
  }
  return parts.join('');
});
const fragmentPost = fc.array(fc.oneof(fragmentLine, nearMissLine), { maxLength: 6 }).map((ls) => ls.join('\n'));
const poster = fc.option(fc.constantFrom('Sai Rei', 'Gazetzot', '', '  ', 'bad:name'), { nil: undefined })
  .map((p): ParseCoalitionPostsOptions => (p === undefined ? {} : { poster: p }));

describe('properties (fast-check)', () => {
  it('never throws on arbitrary text, and every post it reads formats and re-parses to itself', () => {
    fc.assert(fc.property(fc.string(), (s) => checkContract(s)), { numRuns: 300 });
    fc.assert(fc.property(fc.string({ unit: 'binary' }), poster, (s, o) => checkContract(s, o)), { numRuns: 300 });
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => checkContract(s)), { numRuns: 200 });
  });

  it('never throws on lines built from order fragments, and every post re-parses to itself', () => {
    fc.assert(fc.property(fragmentPost, poster, (s, o) => checkContract(s, o)), { numRuns: 2000 });
  });

  it('3.2.2.5 / 3.2.2.3 / 3.2.2.4 / 3.2.3.1 / 3.2.4.2 / 3.2.5.1: parse(format(p)) is p for any well-formed post', () => {
    fc.assert(fc.property(canonicalPost, (p) => {
      expect(parseCoalitionPosts(formatCoalitionPost(p))).toEqual({ posts: [p], issues: [] });
    }), { numRuns: 1000 });
  });
});
