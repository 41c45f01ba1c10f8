/**
 * The problems the Coalition movement-post parser reports (rules chapter 3), each with a fixed
 * severity; the codes are part of the parser's contract.
 */
/** Every problem `parseCoalitionPosts` reports; the severity of each is fixed. */
export type CoalitionIssueCode =
  /** error: a line over `MAX_LINE_CHARS` that would be read as an order. */
  | 'lineTooLong'
  /** error: lines past `MAX_SHEET_LINES` are not read. */
  | 'tooManyLines'
  /** error: no army before the colon (or no colon and no poster), or no army after engage/replace/Intercept/Transfer to. */
  | 'missingArmyName'
  /** error: the name has a character that would make the line ambiguous (`: ; < > ( )`) or does not start with a letter or digit. */
  | 'badArmyName'
  /** error: text before an order but no colon after it (`Sai Rei 3D > 5E`). */
  | 'missingColon'
  /** error: nothing after the colon is an order. */
  | 'expectedAction'
  /** error: a square off the grid (columns 1–38, rows A–N) or written row first. */
  | 'badSquare'
  /** error: a square is needed here (after `>`, in a route, after Transfer ... at). */
  | 'expectedSquare'
  /** error: a square not followed by `>` and a destination. */
  | 'expectedArrow'
  /** error: a route that does not start at the leg's start, end at its destination, or step to adjacent squares. */
  | 'routeMismatch'
  /** error: `(` without `)`. */
  | 'unclosedRoute'
  /** error: a leg or route longer than 3 squares. */
  | 'stepTooLong'
  /** error: a Joint Engage posted as a long distance move. */
  | 'longJointEngage'
  /** error: an army that engages, replaces, intercepts, transfers to or fights itself. */
  | 'selfTarget'
  /** error: text after a complete order. */
  | 'trailingText'
  /** warning: an army named after Joint Engage, which names none; ignored. */
  | 'jointEngageArmy'
  /** warning: troops named in a transfer post, which go to the movement judge privately; ignored. */
  | 'transferDetails'
  /** warning: an army ordered again later in the same post; this earlier order is ignored. */
  | 'duplicateArmy';
