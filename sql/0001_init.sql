-- 0001_init: the judge's storage model (World Masters email Diplomacy tournament).
--
-- Forward-only: once applied anywhere, this file is never edited (src/db/migrate.ts refuses to run
-- when an applied file's checksum changes); changes go in 0002_…, 0003_… . Rule references are to
-- the World Masters rules (seeds/004_501f3be3938ac3f6.txt): B.* tournament structure, D.* gameplay.
--
-- Conventions: surrogate ids are bigint identities (the pool parses int8 as a JS number); instants are
-- timestamptz (UTC); enumerations are text with a CHECK, so a later migration can widen them without
-- an ALTER TYPE; tables the judge must never rewrite carry the append_only trigger.

-- Seven great powers, upper case as everywhere in the judge (DESIGN.md "Conventions").
CREATE DOMAIN power_name AS text
  CHECK (VALUE IN ('AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'));

-- Phase names: S1901M, F1901R, W1901A (winter is only an adjustment phase).
CREATE DOMAIN phase_name AS text
  CHECK (VALUE ~ '^[SF][0-9]{4}[MR]$' OR VALUE ~ '^W[0-9]{4}A$');

-- Raised by the append-only trigger on UPDATE, DELETE and TRUNCATE.
CREATE FUNCTION refuse_append_only_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation',
          HINT = 'record a correction as a new row instead';
END
$$;

------------------------------------------------------------------------------------------------------
-- People and tournaments (B.2, B.8, B.9)
------------------------------------------------------------------------------------------------------

CREATE TABLE people (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL CHECK (btrim(name) <> ''),
  -- The registered address: orders are accepted only from it (D.II(3), D.X(6)).
  email       text NOT NULL CHECK (email ~ '^[^@\s]+@[^@\s]+$'),
  -- IANA zone name; the judge shows times in GMT first, then in this zone (D.VII(4)(b)).
  -- Validated by the application (luxon), not here: zone data changes with the OS.
  time_zone   text NOT NULL DEFAULT 'UTC',
  -- Hash of the per-player secret used where the sender's domain publishes no DMARC (D.X(6)).
  secret_hash text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- Addresses are compared case-insensitively (the local part is case-sensitive in theory, never in practice).
CREATE UNIQUE INDEX people_email_key ON people (lower(email));

CREATE TABLE tournaments (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug       text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name       text NOT NULL CHECK (btrim(name) <> ''),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- B.1, B.3: four rounds; rounds 1–2 play to Fall 1909, the semi-final to 1912, the final to 1915.
CREATE TABLE rounds (
  tournament_id bigint NOT NULL REFERENCES tournaments,
  number        integer NOT NULL CHECK (number >= 1),
  end_year      integer CHECK (end_year >= 1901),
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tournament_id, number)
);

-- B.2: every player is a member of a team, which has a captain (B.8(a),(c)).
CREATE TABLE teams (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tournament_id     bigint NOT NULL REFERENCES tournaments,
  name              text NOT NULL CHECK (btrim(name) <> ''),
  captain_person_id bigint REFERENCES people,
  created_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id, tournament_id)   -- target of tournament_members' same-tournament foreign key
);
CREATE UNIQUE INDEX teams_name_key ON teams (tournament_id, lower(name));

CREATE TABLE tournament_members (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tournament_id bigint NOT NULL REFERENCES tournaments,
  person_id     bigint NOT NULL REFERENCES people,
  team_id       bigint,
  role          text NOT NULL CHECK (role IN ('player', 'reserve', 'captain', 'gm', 'td')),
  -- B.8(d): reserves are taken highest ranked first (1 = highest).
  rank          integer CHECK (rank >= 1),
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (rank IS NULL OR role = 'reserve'),
  -- A member's team belongs to the same tournament.
  FOREIGN KEY (team_id, tournament_id) REFERENCES teams (id, tournament_id),
  UNIQUE (tournament_id, person_id, role)
);
CREATE INDEX tournament_members_person_idx ON tournament_members (person_id);

------------------------------------------------------------------------------------------------------
-- Games, positions, phases
------------------------------------------------------------------------------------------------------

CREATE TABLE games (
  -- A slug such as wm-r1-b7: it appears in subjects, job keys and dedupe keys.
  id             text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  tournament_id  bigint REFERENCES tournaments,
  round_number   integer,
  board_name     text NOT NULL CHECK (btrim(board_name) <> ''),
  rule_profile   text NOT NULL DEFAULT 'wm' CHECK (rule_profile IN ('wm', 'datc2000')),
  -- B.3: the game ends when the Fall of this year is complete (NULL: played to a win).
  end_year       integer CHECK (end_year >= 1901),
  -- The game's own email address: orders must name it in To or Cc (D.II(2), D.VII(7)).
  address        text NOT NULL CHECK (address ~ '^[^@\s]+@[^@\s]+$'),
  gm_person_id   bigint NOT NULL REFERENCES people,
  -- House-rule policies the GM states at the outset (D.I(1)(b) lists exactly these).
  late_orders    text NOT NULL DEFAULT 'refuse'
                 CHECK (late_orders IN ('refuse', 'accept-until-adjudication')),      -- D.VII(3)
  revised_sets   text NOT NULL DEFAULT 'replace'
                 CHECK (revised_sets IN ('replace', 'merge')),                        -- D.III(3)
  press_rule     text NOT NULL DEFAULT 'standard'
                 CHECK (press_rule IN ('standard', 'A', 'B', 'C')),                   -- D.X(1)
  -- How a sender is shown to be the player of record (D.X(6), DESIGN.md "Reliability and security"):
  -- dmarc-or-secret: DMARC pass where the domain publishes a policy, else the player's secret;
  -- dmarc: DMARC pass always; secret: the secret always; address: the registered address alone.
  identity       text NOT NULL DEFAULT 'dmarc-or-secret'
                 CHECK (identity IN ('dmarc-or-secret', 'dmarc', 'secret', 'address')),
  -- The phase now open (or, while forming, the first one). Not a foreign key: a forming game has
  -- no phases rows yet.
  current_phase  phase_name NOT NULL DEFAULT 'S1901M',
  status         text NOT NULL DEFAULT 'forming' CHECK (status IN ('forming', 'active', 'finished')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (round_number IS NULL OR tournament_id IS NOT NULL),
  FOREIGN KEY (tournament_id, round_number) REFERENCES rounds (tournament_id, number)
);
CREATE UNIQUE INDEX games_address_key ON games (lower(address));
CREATE UNIQUE INDEX games_board_key ON games (tournament_id, round_number, lower(board_name))
  WHERE tournament_id IS NOT NULL AND round_number IS NOT NULL;
CREATE INDEX games_gm_idx ON games (gm_person_id);

-- Who holds which power, with every replacement kept (B.7, B.8). Rows are closed (ended_at set),
-- never deleted.
--
-- Overlap, by design: a temporary replacement (B.7) does NOT end the original's row. The original
-- (or permanent) holder stays the player of record, with the right of return, for the whole period;
-- the temporary holder is the acting player while their row is open. So per game and power there is
-- at most ONE open non-temporary row (the player of record) and at most ONE open temporary row (the
-- acting stand-in). Whoever may order now = the open temporary row if any, else the open
-- non-temporary row. A permanent replacement (B.7 "becomes permanent", B.8(c) the captain's designee
-- submitting orders) closes the original's row and any temporary row, and opens a 'permanent' row.
-- The round-1 captain standing in by default (B.8(c)) is not a row: the rules layer derives it from
-- tournament_members and teams, until the captain orders and becomes the permanent player.
CREATE TABLE positions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id     text NOT NULL REFERENCES games,
  power       power_name NOT NULL,
  person_id   bigint NOT NULL REFERENCES people,
  kind        text NOT NULL CHECK (kind IN ('original', 'temporary', 'permanent')),
  started_at  timestamptz NOT NULL DEFAULT now(),
  ended_at    timestamptz,
  -- Why the row was opened or closed ("NMR S1902M, captain's choice", "own request until F1903M").
  reason      text,
  CHECK (ended_at IS NULL OR ended_at >= started_at),
  CHECK (kind = 'original' OR reason IS NOT NULL)
);
CREATE UNIQUE INDEX positions_player_of_record_key ON positions (game_id, power)
  WHERE ended_at IS NULL AND kind <> 'temporary';
CREATE UNIQUE INDEX positions_stand_in_key ON positions (game_id, power)
  WHERE ended_at IS NULL AND kind = 'temporary';
-- Nobody holds two powers on one board at once (B.6(b) spirit; also stops a mis-typed import).
CREATE UNIQUE INDEX positions_one_power_per_person_key ON positions (game_id, person_id)
  WHERE ended_at IS NULL;
CREATE INDEX positions_person_idx ON positions (person_id);

CREATE TABLE phases (
  game_id        text NOT NULL REFERENCES games,
  name           phase_name NOT NULL,
  -- The position at the start of the phase (src/db/state-json.ts).
  state_before   jsonb NOT NULL,
  -- The position at the start of the next phase, and every order's result, once adjudicated.
  state_after    jsonb,
  results        jsonb,
  -- The GMT deadline (D.VII(4)(b)); moved by an extension (D.VII(5)), with an audit_log entry.
  deadline       timestamptz NOT NULL,
  adjudicated_at timestamptz,
  -- NULL after adjudication while results are withheld (D.VII(6)(b): NMR in Spring/Fall 1901).
  published_at   timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, name),
  CHECK ((state_after IS NULL) = (adjudicated_at IS NULL)),
  CHECK ((results IS NULL) = (adjudicated_at IS NULL)),
  CHECK (published_at IS NULL OR adjudicated_at IS NOT NULL)
);

------------------------------------------------------------------------------------------------------
-- Mail in: stored raw before anything parses it (DESIGN.md "Reliability and security principles")
------------------------------------------------------------------------------------------------------

CREATE TABLE inbound_messages (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  raw         bytea NOT NULL,
  -- Computed by the server from raw, so they cannot disagree with it.
  sha256      text GENERATED ALWAYS AS (encode(sha256(raw), 'hex')) STORED,
  size        integer GENERATED ALWAYS AS (octet_length(raw)) STORED,
  -- Trusted receipt time: our mailbox's IMAP INTERNALDATE or our own MTA's Received: header,
  -- never the sender's Date: (D.VII(1)).
  received_at timestamptz NOT NULL,
  source      text NOT NULL CHECK (source IN ('imap', 'smtp', 'pipe', 'cli')),
  mailbox     text,
  uidvalidity bigint CHECK (uidvalidity > 0),
  uid         bigint CHECK (uid > 0),
  -- The Message-ID header as written (without angle brackets), if any.
  message_id  text,
  stored_at   timestamptz NOT NULL DEFAULT now(),
  CHECK ((uidvalidity IS NULL) = (uid IS NULL)),
  CHECK (uid IS NULL OR mailbox IS NOT NULL)
);
-- Re-fetching a mailbox changes nothing: one row per IMAP message.
CREATE UNIQUE INDEX inbound_messages_imap_key ON inbound_messages (mailbox, uidvalidity, uid)
  WHERE uid IS NOT NULL;
-- Without a UID (pipe, smtp, cli) a retried delivery of the same bytes is the same message.
CREATE UNIQUE INDEX inbound_messages_bytes_key ON inbound_messages (source, coalesce(mailbox, ''), sha256)
  WHERE uid IS NULL;
-- D.VII(1): an earlier copy of the same Message-ID in the TD's confirmation mailbox. Not unique:
-- copies legitimately arrive in several mailboxes.
CREATE INDEX inbound_messages_message_id_idx ON inbound_messages (message_id) WHERE message_id IS NOT NULL;

-- Raw messages are evidence for the TD (D.VII(7)): never rewritten.
CREATE TRIGGER inbound_messages_append_only BEFORE UPDATE OR DELETE ON inbound_messages
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
CREATE TRIGGER inbound_messages_no_truncate BEFORE TRUNCATE ON inbound_messages
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();

------------------------------------------------------------------------------------------------------
-- Orders
------------------------------------------------------------------------------------------------------

-- Every accepted order set, as received; the effective set is derived, never stored over.
-- D.III(3): the last set before the deadline counts (or, under the alternative rule, the latest
-- order per unit across sets); D.II(1): preliminary unless marked Final.
CREATE TABLE order_sets (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id            text NOT NULL,
  phase              phase_name NOT NULL,
  power              power_name NOT NULL,
  -- Who sent it: the player of record or the acting stand-in (D.II(3): no proxies).
  person_id          bigint NOT NULL REFERENCES people,
  inbound_message_id bigint REFERENCES inbound_messages,
  -- The trusted receipt time that counts against the deadline (D.VII(1)); may be an earlier
  -- confirmation-mailbox copy's instant.
  received_at        timestamptz NOT NULL,
  final              boolean NOT NULL DEFAULT false,
  sheet              jsonb NOT NULL,
  -- Canonical order text, one string per order, in sheet order (D.III(5): the last for a unit wins).
  orders             jsonb NOT NULL CHECK (jsonb_typeof(orders) = 'array'),
  created_at         timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (game_id, phase) REFERENCES phases (game_id, name)
);
-- "Latest set per power": ties within IMAP's one-second resolution fall back to insertion order.
CREATE INDEX order_sets_latest_idx ON order_sets (game_id, phase, power, received_at DESC, id DESC);

CREATE TRIGGER order_sets_append_only BEFORE UPDATE OR DELETE ON order_sets
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
CREATE TRIGGER order_sets_no_truncate BEFORE TRUNCATE ON order_sets
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();

------------------------------------------------------------------------------------------------------
-- Mail out: the transactional outbox
------------------------------------------------------------------------------------------------------

CREATE TABLE outbox (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Deterministic (report:<game>:<phase>:<recipient>): enqueueing the same mail twice is a no-op.
  dedupe_key   text NOT NULL UNIQUE CHECK (dedupe_key <> ''),
  game_id      text REFERENCES games,
  -- The template / purpose, kebab-case: adjudication-report, orders-received, nmr-notice.
  kind         text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9-]*$'),
  -- NULL: the configured From address.
  from_address text,
  to_address   text NOT NULL CHECK (to_address ~ '^[^@\s]+@[^@\s]+$'),
  subject      text NOT NULL,
  body_text    text NOT NULL,
  -- Extra header fields: { "In-Reply-To": "<…>", "Auto-Submitted": "auto-replied" }.
  headers      jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(headers) = 'object'),
  -- Deterministic, so a resend after a crash is recognisably the same message.
  message_id   text NOT NULL UNIQUE,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts     integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  sent_at      timestamptz,
  CHECK ((status = 'sent') = (sent_at IS NOT NULL))
);
CREATE INDEX outbox_pending_idx ON outbox (id) WHERE status = 'pending';
CREATE INDEX outbox_game_idx ON outbox (game_id) WHERE game_id IS NOT NULL;

------------------------------------------------------------------------------------------------------
-- Audit trail: a hash chain (src/db/audit-log.ts computes and verifies it)
------------------------------------------------------------------------------------------------------

CREATE TABLE audit_log (
  -- Assigned by the application under a lock, in chain order; gaps (rolled-back transactions) are fine.
  id        bigserial PRIMARY KEY,
  at        timestamptz NOT NULL,
  game_id   text REFERENCES games,
  -- Who did it: 'cli:root', 'worker', 'person:42', 'td'.
  actor     text NOT NULL CHECK (actor <> ''),
  -- Dotted verb: game.create, phase.adjudicate, deadline.extend, position.replace.
  action    text NOT NULL CHECK (action ~ '^[a-z][a-z0-9_.-]*$'),
  detail    jsonb NOT NULL DEFAULT '{}',
  -- hash = sha256_hex(prev_hash || canonical JSON of {id, at, game, actor, action, detail}).
  prev_hash text NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  hash      text NOT NULL UNIQUE CHECK (hash ~ '^[0-9a-f]{64}$')
);
CREATE INDEX audit_log_game_idx ON audit_log (game_id, id) WHERE game_id IS NOT NULL;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();
