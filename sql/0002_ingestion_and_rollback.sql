-- 0002: mail intake checkpoints, the judge's decision on every inbound message, and rollbacks.
-- Forward-only like every migration: never edit once applied; changes go in 0003_… .

------------------------------------------------------------------------------------------------------
-- IMAP checkpoints: a restart, a dropped connection or a UIDVALIDITY change neither loses nor
-- duplicates a message (the raw row is stored before the checkpoint moves past its UID).
------------------------------------------------------------------------------------------------------
CREATE TABLE mailbox_checkpoints (
  -- The source's stable name, e.g. 'imap://judge@mail.example.org/INBOX'.
  mailbox     text PRIMARY KEY CHECK (mailbox <> ''),
  uidvalidity bigint NOT NULL CHECK (uidvalidity > 0),
  -- Every UID at or below this one is stored (inbound_messages) and need not be fetched again.
  last_uid    bigint NOT NULL DEFAULT 0 CHECK (last_uid >= 0),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Which address a copy came in through (a game mailbox or the TD's confirmation mailbox), so a
-- stored message whose processing was interrupted can be decided again from the row alone.
-- (inbound_messages.message_id keeps the header's angle brackets, whatever 0001's comment says.)
ALTER TABLE inbound_messages ADD COLUMN role text NOT NULL DEFAULT 'game' CHECK (role IN ('game', 'confirm'));

------------------------------------------------------------------------------------------------------
-- What the judge decided about each stored message, and on what evidence (D.VII(7), D.X(6)).
-- One row per inbound message; append-only (a re-evaluation, e.g. a late game copy accepted on the
-- strength of an earlier confirmation copy, is a new audit_log entry and order set, not an edit).
------------------------------------------------------------------------------------------------------
CREATE TABLE inbound_decisions (
  inbound_message_id bigint PRIMARY KEY REFERENCES inbound_messages,
  -- Which address the copy came in through: a game mailbox or the TD's confirmation mailbox.
  role         text NOT NULL CHECK (role IN ('game', 'confirm')),
  decided_at   timestamptz NOT NULL,
  from_address text,
  game_id      text REFERENCES games,
  phase        phase_name,
  power        power_name,
  person_id    bigint REFERENCES people,
  -- orders | message (press, votes, requests, no orders) | confirmed | refused | late | ignored | quarantined
  outcome      text NOT NULL CHECK (outcome ~ '^[a-z][a-z-]*$'),
  reason       text,
  -- The evidence that decided identity: method (dmarc, secret, address), the Authentication-Results
  -- header mailauth wrote, dkim/spf/dmarc results.
  identity     jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(identity) = 'object'),
  -- Whether the judge answered (loop guards and the per-sender rate limit read this).
  replied      boolean NOT NULL DEFAULT false
);
CREATE INDEX inbound_decisions_sender_idx ON inbound_decisions (lower(from_address), decided_at);
CREATE INDEX inbound_decisions_game_idx ON inbound_decisions (game_id, power, decided_at);

CREATE TRIGGER inbound_decisions_append_only BEFORE UPDATE OR DELETE ON inbound_decisions
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();

------------------------------------------------------------------------------------------------------
-- Rollbacks (D.VIII(1)): only with the TD's express consent. A rolled-back phase is reopened under a
-- new generation; order sets carry the generation they were received in, so sets from a superseded
-- timeline never count, and result mail for a new generation gets new dedupe keys.
------------------------------------------------------------------------------------------------------
ALTER TABLE phases ADD COLUMN generation integer NOT NULL DEFAULT 0 CHECK (generation >= 0);
-- Set on phases after the rolled-back one: no longer part of the game's history until re-opened.
ALTER TABLE phases ADD COLUMN superseded_at timestamptz;
ALTER TABLE order_sets ADD COLUMN phase_generation integer NOT NULL DEFAULT 0 CHECK (phase_generation >= 0);

CREATE TABLE rollbacks (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id       text NOT NULL REFERENCES games,
  phase         phase_name NOT NULL,
  -- The generation the phase was reopened as.
  generation    integer NOT NULL CHECK (generation >= 1),
  td_approval   text NOT NULL CHECK (btrim(td_approval) <> ''),
  actor         text NOT NULL,
  -- The results and positions that were withdrawn, kept as evidence.
  withdrawn     jsonb NOT NULL,
  at            timestamptz NOT NULL,
  FOREIGN KEY (game_id, phase) REFERENCES phases (game_id, name)
);
CREATE TRIGGER rollbacks_append_only BEFORE UPDATE OR DELETE ON rollbacks
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
