-- 0011: the Coalition wargame's battles (seed 000, chapter 4; issue 12). A battle is announced after
-- the movement update that made it (3.1) with its deadline (3.1: 24 hours before the next lock),
-- terrain and site (4.1.2.4), "no-attacker" or "X attacks Y" (4.1.2.3); the Battle Judge enters its
-- weather (4.1.2.5) and, after the deadline, his verdict (4.2.1, 4.2.2, 4.2.5); the service rolls it
-- at the next movement lock with that turn's committed dice and stores the outcome.
CREATE TABLE coalition_battles (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id          text NOT NULL REFERENCES games ON DELETE CASCADE,
  -- The turn whose lock announced it (fought during the next turn).
  announced_turn   integer NOT NULL,
  square           text NOT NULL,
  armies           jsonb NOT NULL,
  attacker         text,
  joint_engage     boolean NOT NULL DEFAULT false,
  -- The announcement line as published (terrain, site, kind).
  announcement     text NOT NULL,
  weather          text,
  deadline         timestamptz NOT NULL,
  digest_sent_at   timestamptz,
  verdict          jsonb,
  verdict_text     text,
  verdict_at       timestamptz,
  -- The turn whose lock rolled it, and what came of it (resolveBattle's outcome).
  resolved_turn    integer,
  outcome          jsonb,
  UNIQUE (game_id, announced_turn, square)
);
CREATE INDEX coalition_battles_open_idx ON coalition_battles (game_id) WHERE outcome IS NULL;

-- Every strategy received on time from someone allowed to send it (4.1.1, 5.2.3); which one counts
-- is decided from these (the controller's last, else the contingency's last). Append-only.
CREATE TABLE coalition_strategies (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  battle_id           bigint NOT NULL REFERENCES coalition_battles ON DELETE CASCADE,
  army                text NOT NULL,
  sender_person_id    bigint NOT NULL REFERENCES people,
  sender_name         text NOT NULL,
  role                text NOT NULL CHECK (role IN ('controller', 'contingency')),
  received_at         timestamptz NOT NULL,
  inbound_message_id  bigint NOT NULL REFERENCES inbound_messages,
  text                text NOT NULL
);
CREATE INDEX coalition_strategies_battle_idx ON coalition_strategies (battle_id);
CREATE TRIGGER coalition_strategies_append_only BEFORE UPDATE OR DELETE ON coalition_strategies
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();

-- 3.2.4.2: "You must also E-mail or PM the movement judge detailing exactly what type and how many
-- creatures are to be transferred, or the transfer will do nothing." The last detail mailed for a
-- sending army in a turn counts. Append-only.
CREATE TABLE coalition_transfer_details (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id             text NOT NULL REFERENCES games ON DELETE CASCADE,
  turn                integer NOT NULL,
  from_army           text NOT NULL,
  to_army             text NOT NULL,
  troops              jsonb NOT NULL,
  sender_person_id    bigint NOT NULL REFERENCES people,
  sender_name         text NOT NULL,
  received_at         timestamptz NOT NULL,
  inbound_message_id  bigint NOT NULL REFERENCES inbound_messages
);
CREATE INDEX coalition_transfer_details_idx ON coalition_transfer_details (game_id, turn);
CREATE TRIGGER coalition_transfer_details_append_only BEFORE UPDATE OR DELETE ON coalition_transfer_details
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
