-- 0004: the game calendar and its communications (issue 6): weekly unavailable windows (D.VII(2)),
-- TD-declared holidays and extensions (D.VII(5)), consent to shorter turns (D.VII(4)(a)), press
-- (D.X), proposals and votes (D.IX), reminders and GM digests sent, NMR notices, contact deadlines
-- and civil disorder (D.VII(6), B.8), and results withheld in 1901 (D.VII(6)(b)).
-- Forward-only like every migration: never edit once applied; changes go in 0005_… .
--
-- What is evidence is append-only (the refuse_append_only_change trigger of 0001): extensions,
-- press, proposals, votes, vote results, consents. Bookkeeping the judge moves along (a window
-- withdrawn, an NMR notice answered) is updated in place.

------------------------------------------------------------------------------------------------------
-- Per-game calendar settings (D.VII(4)(a): the GM may slow the game down; reminders and digests).
-- A game without a row uses the defaults below (src/db/calendar-settings.ts).
------------------------------------------------------------------------------------------------------
CREATE TABLE game_calendars (
  game_id             text PRIMARY KEY REFERENCES games,
  -- Turn lengths in hours (NULL: the judge's usual ones, src/rules/deadlines.ts TURN_HOURS).
  movement_hours      integer CHECK (movement_hours > 0),
  retreat_hours       integer CHECK (retreat_hours > 0),
  adjustment_hours    integer CHECK (adjustment_hours > 0),
  -- Reminders to players who have not ordered (or only preliminary), hours before the deadline.
  reminder_lead_hours integer[] NOT NULL DEFAULT '{24,6}',
  -- The GM's digest, hours before each deadline.
  digest_lead_hours   integer[] NOT NULL DEFAULT '{24,2}',
  -- And at these times of day ('HH:MM', the GM's own zone) while a turn is open.
  digest_times        text[] NOT NULL DEFAULT '{}' CHECK (array_to_string(digest_times, ',') ~ '^(([01][0-9]|2[0-3]):[0-5][0-9](,|$))*$'),
  updated_at          timestamptz NOT NULL DEFAULT now()
);

------------------------------------------------------------------------------------------------------
-- D.VII(2): "Each player can inform the GM that he will be unavailable for a specific 64 hour period
-- during each week". One current window per person per game (a replacement declares their own); a
-- new declaration or a withdrawal sets withdrawn_at on the old row, which stays as history.
------------------------------------------------------------------------------------------------------
CREATE TABLE unavailable_windows (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id      text NOT NULL REFERENCES games,
  person_id    bigint NOT NULL REFERENCES people,
  -- The power held when it was declared (for the GM's eyes; the window follows the person).
  power        power_name NOT NULL,
  start_day    text NOT NULL CHECK (start_day IN ('Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun')),
  start_time   text NOT NULL CHECK (start_time ~ '^([01]?[0-9]|2[0-3]):[0-5][0-9]$'),
  end_day      text NOT NULL CHECK (end_day IN ('Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun')),
  end_time     text NOT NULL CHECK (end_time ~ '^([01]?[0-9]|2[0-3]):[0-5][0-9]$'),
  -- IANA zone, validated by the application (luxon), like people.time_zone.
  zone         text NOT NULL,
  declared_at  timestamptz NOT NULL,
  declared_by  text NOT NULL,
  withdrawn_at timestamptz
);
CREATE UNIQUE INDEX unavailable_windows_current_key ON unavailable_windows (game_id, person_id) WHERE withdrawn_at IS NULL;

------------------------------------------------------------------------------------------------------
-- D.VII(5): "The TD may decree that certain international holidays are eligible for extensions".
-- tournament_id NULL: every game the judge runs.
------------------------------------------------------------------------------------------------------
CREATE TABLE holidays (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name          text NOT NULL UNIQUE CHECK (btrim(name) <> ''),
  tournament_id bigint REFERENCES tournaments,
  starts_at     timestamptz NOT NULL,
  ends_at       timestamptz NOT NULL,
  -- Uncharged hours one game may take for it in all (NULL: its length).
  max_hours     integer CHECK (max_hours > 0),
  declared_by   text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);

------------------------------------------------------------------------------------------------------
-- D.VII(5) extensions: every request and every decision, append-only. A request the GM must decide
-- ('needs-gm') is answered by a later row whose answers_id points at it.
------------------------------------------------------------------------------------------------------
CREATE TABLE extensions (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id            text NOT NULL REFERENCES games,
  phase              phase_name NOT NULL,
  -- The position charged; NULL for the GM's own extension (D.VII(4)(a)).
  power              power_name,
  person_id          bigint REFERENCES people,
  inbound_message_id bigint REFERENCES inbound_messages,
  -- The sheet line of the request (one message may ask once per line; dedupes a re-run).
  line               integer,
  requested_at       timestamptz NOT NULL,
  hours_requested    integer NOT NULL,
  decision           text NOT NULL CHECK (decision IN ('granted', 'refused', 'needs-gm')),
  hours_granted      integer NOT NULL DEFAULT 0 CHECK (hours_granted >= 0),
  charged            boolean NOT NULL DEFAULT false,
  guaranteed         boolean NOT NULL DEFAULT false,
  holiday            text,
  old_deadline       timestamptz NOT NULL,
  new_deadline       timestamptz,
  reason             text NOT NULL,
  answers_id         bigint REFERENCES extensions,
  decided_by         text NOT NULL,
  decided_at         timestamptz NOT NULL,
  CHECK ((decision = 'granted') = (new_deadline IS NOT NULL)),
  CHECK (decision = 'granted' OR hours_granted = 0)
);
CREATE INDEX extensions_game_idx ON extensions (game_id, id);
CREATE UNIQUE INDEX extensions_message_line_key ON extensions (inbound_message_id, line) WHERE inbound_message_id IS NOT NULL;
CREATE UNIQUE INDEX extensions_answer_key ON extensions (answers_id) WHERE answers_id IS NOT NULL;
CREATE TRIGGER extensions_append_only BEFORE UPDATE OR DELETE ON extensions
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();

------------------------------------------------------------------------------------------------------
-- D.VII(4)(a): turns below the minimum only "with the consent of the surviving players", on record.
------------------------------------------------------------------------------------------------------
CREATE TABLE deadline_consents (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id     text NOT NULL REFERENCES games,
  phase       phase_name NOT NULL,
  -- How the consent was given (the GM's note: "all seven by email, 3 May").
  note        text NOT NULL CHECK (btrim(note) <> ''),
  recorded_by text NOT NULL,
  recorded_at timestamptz NOT NULL
);
CREATE TRIGGER deadline_consents_append_only BEFORE UPDATE OR DELETE ON deadline_consents
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();

------------------------------------------------------------------------------------------------------
-- D.X press, as received, append-only. author_power is for the TD alone: gray and dark-gray
-- authorship is never shown to anyone else, not even the GM (D.X(2)).
------------------------------------------------------------------------------------------------------
CREATE TABLE press_items (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id            text NOT NULL REFERENCES games,
  -- The phase during which it was received: published with that phase's results.
  phase              phase_name NOT NULL,
  author_power       power_name NOT NULL,
  person_id          bigint NOT NULL REFERENCES people,
  inbound_message_id bigint NOT NULL REFERENCES inbound_messages,
  line               integer NOT NULL,
  received_at        timestamptz NOT NULL,
  kind               text NOT NULL CHECK (kind IN ('white', 'gray', 'dark-gray', 'black')),
  -- NULL: to all; otherwise the powers it is addressed to.
  to_powers          text[],
  attribution        text,
  body               text NOT NULL,
  accepted           boolean NOT NULL,
  refusal            text,
  CHECK (accepted = (refusal IS NULL)),
  UNIQUE (inbound_message_id, line)
);
CREATE INDEX press_items_phase_idx ON press_items (game_id, phase, received_at);
CREATE TRIGGER press_items_append_only BEFORE UPDATE OR DELETE ON press_items
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();

------------------------------------------------------------------------------------------------------
-- D.IX proposals and votes: secret, revisable (the last vote counts), only the result published.
------------------------------------------------------------------------------------------------------
CREATE TABLE proposals (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id            text NOT NULL REFERENCES games,
  -- The phase open when it was made; it is decided at the first adjudication after it.
  phase              phase_name NOT NULL,
  kind               text NOT NULL CHECK (kind IN ('draw', 'concession', 'house-rule')),
  -- Draw: the powers sharing it (sorted); concession: the one power.
  powers             text[] NOT NULL DEFAULT '{}',
  rule               text,
  change             text,
  -- Never published (D.IX(2)); kept for the TD.
  proposer_power     power_name,
  person_id          bigint REFERENCES people,
  inbound_message_id bigint REFERENCES inbound_messages,
  line               integer,
  proposed_at        timestamptz NOT NULL
);
CREATE INDEX proposals_game_idx ON proposals (game_id, id);
CREATE UNIQUE INDEX proposals_message_line_key ON proposals (inbound_message_id, line) WHERE inbound_message_id IS NOT NULL;
CREATE TRIGGER proposals_append_only BEFORE UPDATE OR DELETE ON proposals
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();

CREATE TABLE votes (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  proposal_id        bigint NOT NULL REFERENCES proposals,
  power              power_name NOT NULL,
  person_id          bigint NOT NULL REFERENCES people,
  vote               text NOT NULL CHECK (vote IN ('yes', 'no', 'abstain', 'unclear')),
  received_at        timestamptz NOT NULL,
  inbound_message_id bigint REFERENCES inbound_messages,
  line               integer,
  UNIQUE (inbound_message_id, line, proposal_id)
);
CREATE INDEX votes_proposal_idx ON votes (proposal_id, received_at);
CREATE TRIGGER votes_append_only BEFORE UPDATE OR DELETE ON votes
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();

-- One result per proposal: passed or failed, nothing more (D.IX(2)).
CREATE TABLE proposal_results (
  proposal_id bigint PRIMARY KEY REFERENCES proposals,
  -- The phase whose deadline the votes were due with.
  phase       phase_name NOT NULL,
  result      text NOT NULL CHECK (result IN ('passed', 'failed')),
  decided_at  timestamptz NOT NULL
);
CREATE TRIGGER proposal_results_append_only BEFORE UPDATE OR DELETE ON proposal_results
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();

------------------------------------------------------------------------------------------------------
-- Keys of the calendar's mails already sent (reminders cover several keys each; digests), so the
-- calendar tick never sends one twice.
------------------------------------------------------------------------------------------------------
CREATE TABLE calendar_sent (
  key     text PRIMARY KEY CHECK (key <> ''),
  game_id text NOT NULL REFERENCES games,
  kind    text NOT NULL CHECK (kind IN ('reminder', 'digest')),
  sent_at timestamptz NOT NULL
);
CREATE INDEX calendar_sent_game_idx ON calendar_sent (game_id, kind);

------------------------------------------------------------------------------------------------------
-- D.VII(6)(a), B.8: an NMR notice and what became of it. status: open (waiting for the player to
-- contact the GM by contact_deadline) → contacted | procedure (replacement procedure started,
-- waiting until procedure_until) → replaced | captain | civil-disorder.
------------------------------------------------------------------------------------------------------
CREATE TABLE nmr_notices (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id          text NOT NULL REFERENCES games,
  phase            phase_name NOT NULL,
  power            power_name NOT NULL,
  -- The player who NMR'd.
  person_id        bigint NOT NULL REFERENCES people,
  published_at     timestamptz NOT NULL,
  contact_deadline timestamptz NOT NULL,
  status           text NOT NULL DEFAULT 'open'
                   CHECK (status IN ('open', 'contacted', 'procedure', 'replaced', 'captain', 'civil-disorder')),
  procedure_until  timestamptz,
  resolved_at      timestamptz,
  note             text,
  UNIQUE (game_id, phase, power)
);
CREATE INDEX nmr_notices_open_idx ON nmr_notices (game_id) WHERE status IN ('open', 'procedure');

-- B.8(f): "If a replacement is still not found within the given periods the position falls into
-- civil disorder." Ended when someone takes the position over.
CREATE TABLE civil_disorder (
  id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id  text NOT NULL REFERENCES games,
  power    power_name NOT NULL,
  since    timestamptz NOT NULL,
  reason   text NOT NULL,
  ended_at timestamptz
);
CREATE UNIQUE INDEX civil_disorder_current_key ON civil_disorder (game_id, power) WHERE ended_at IS NULL;

------------------------------------------------------------------------------------------------------
-- D.VII(6)(b): a 1901 movement phase whose deadline passed with powers missing: results withheld,
-- the phase stays open until the missing powers' (replacements') orders are in.
------------------------------------------------------------------------------------------------------
CREATE TABLE withheld_phases (
  game_id     text NOT NULL REFERENCES games,
  phase       phase_name NOT NULL,
  generation  integer NOT NULL DEFAULT 0,
  missing     text[] NOT NULL,
  withheld_at timestamptz NOT NULL,
  released_at timestamptz,
  PRIMARY KEY (game_id, phase, generation)
);

------------------------------------------------------------------------------------------------------
-- B.7: the declared period of a temporary replacement (positions rows of kind 'temporary').
------------------------------------------------------------------------------------------------------
CREATE TABLE replacement_periods (
  position_id bigint PRIMARY KEY REFERENCES positions,
  from_phase  phase_name NOT NULL,
  until_phase phase_name NOT NULL,
  declared_at timestamptz NOT NULL,
  declared_by text NOT NULL
);

------------------------------------------------------------------------------------------------------
-- The notes recordCommunications returned for each message, so a re-run returns them again and
-- records nothing twice.
------------------------------------------------------------------------------------------------------
CREATE TABLE communications_recorded (
  inbound_message_id bigint PRIMARY KEY REFERENCES inbound_messages,
  game_id            text NOT NULL REFERENCES games,
  notes              jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(notes) = 'array'),
  recorded_at        timestamptz NOT NULL
);
