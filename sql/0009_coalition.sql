-- 0009: the Coalition vs Phyrexia wargame (seed 000) as a second kind of game (issue 12). A
-- Coalition game is a row of `games` (kind 'coalition'; its address is the movement thread, 3.1; its
-- GM the Movement Judge) with the tables below. Its turns are named T1, T2, … in `current_phase`.
ALTER DOMAIN phase_name DROP CONSTRAINT phase_name_check;
ALTER DOMAIN phase_name ADD CONSTRAINT phase_name_check
  CHECK (VALUE ~ '^[SF][0-9]{4}[MR]$' OR VALUE ~ '^W[0-9]{4}A$' OR VALUE ~ '^T[1-9][0-9]{0,4}$');

CREATE TABLE coalition_games (
  game_id                  text PRIMARY KEY REFERENCES games ON DELETE CASCADE,
  -- 3.1: orders PMed to the Movement Judge, held back and published after the lock.
  pm_address               text NOT NULL UNIQUE CHECK (pm_address ~ '^[^@\s]+@[^@\s]+$'),
  -- 4.1.1: battle strategies, e-mailed to the Battle Judge.
  battle_address           text NOT NULL UNIQUE CHECK (battle_address ~ '^[^@\s]+@[^@\s]+$'),
  battle_judge_person_id   bigint NOT NULL REFERENCES people,
  -- The open turn and its movement lock (3.1: 05:00 is in, 05:01 is out).
  turn                     integer NOT NULL DEFAULT 1 CHECK (turn >= 1),
  lock_at                  timestamptz NOT NULL,
  turn_hours               integer NOT NULL DEFAULT 24 CHECK (turn_hours BETWEEN 1 AND 336),
  -- The open turn's dice seed: its SHA-256 is published when the turn opens, the seed itself with
  -- the turn's results (commit–reveal, src/dice), so every roll can be recomputed by anyone.
  seed                     text NOT NULL CHECK (length(seed) >= 16),
  -- The world at the start of the open turn: the map and every army (src/coalition).
  world                    jsonb NOT NULL
);

-- The players of both teams: their forum name (armies are named for players, 5.2.1, 5.3.2), rank
-- (5.3.1) and whether they may change the control list (5.2.2.1).
CREATE TABLE coalition_players (
  game_id     text NOT NULL REFERENCES games ON DELETE CASCADE,
  person_id   bigint NOT NULL REFERENCES people,
  name        text NOT NULL CHECK (btrim(name) <> ''),
  team        text NOT NULL CHECK (team IN ('coalition', 'phyrexia')),
  rank        text NOT NULL,
  authority   boolean NOT NULL DEFAULT false,
  -- 5.2.3: the player who may send this player's strategies in the last 24 hours.
  contingency text,
  PRIMARY KEY (game_id, person_id)
);
CREATE UNIQUE INDEX coalition_players_name_idx ON coalition_players (game_id, lower(name));

-- 5.2.1: the control list as a history: each change effective at its request's timestamp. The
-- list at an instant is the latest change per army at or before it (an army never listed is its
-- namesake player's). Append-only: the list at any past lock can always be recomputed.
CREATE TABLE coalition_control (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id             text NOT NULL REFERENCES games ON DELETE CASCADE,
  army                text NOT NULL,
  -- The controlling player's name; NULL: controlled by nobody (5.3.1 demotion).
  controller          text,
  effective_at        timestamptz NOT NULL,
  requested_by        bigint REFERENCES people,
  inbound_message_id  bigint REFERENCES inbound_messages,
  reason              text NOT NULL
);
CREATE INDEX coalition_control_idx ON coalition_control (game_id, army, effective_at);
CREATE TRIGGER coalition_control_append_only BEFORE UPDATE OR DELETE ON coalition_control
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();

-- Every movement order received, as the player wrote it, with its receipt time, its message and
-- its place in the message (3.3.1's priorities), posted in the thread or PMed (3.1). Which one an
-- army carries out is decided at the lock (3.3.6, 5.4.2).
CREATE TABLE coalition_orders (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id             text NOT NULL REFERENCES games ON DELETE CASCADE,
  turn                integer NOT NULL,
  army                text NOT NULL,
  text                text NOT NULL,
  sender_person_id    bigint NOT NULL REFERENCES people,
  sender_name         text NOT NULL,
  received_at         timestamptz NOT NULL,
  via                 text NOT NULL CHECK (via IN ('post', 'pm')),
  inbound_message_id  bigint NOT NULL REFERENCES inbound_messages,
  line                integer NOT NULL
);
CREATE INDEX coalition_orders_turn_idx ON coalition_orders (game_id, turn);
CREATE TRIGGER coalition_orders_append_only BEFORE UPDATE OR DELETE ON coalition_orders
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();

-- The result of each turn's lock: what the movement judge published (3.1).
CREATE TABLE coalition_turns (
  game_id      text NOT NULL REFERENCES games ON DELETE CASCADE,
  turn         integer NOT NULL,
  locked_at    timestamptz NOT NULL,
  seed_commitment text NOT NULL,
  seed         text NOT NULL,
  result       jsonb NOT NULL,
  PRIMARY KEY (game_id, turn)
);
