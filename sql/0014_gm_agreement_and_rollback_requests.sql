-- D.IX(5): "The GM and all players remaining in the game must agree to any rule change unanimously."
-- The GM's own answer to a house-rule proposal, append-only like the votes: the last answer given by
-- the vote's deadline counts; none counts as "no" ("an abstention or an uncast vote counts as a
-- negative vote").
CREATE TABLE proposal_gm_answers (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  proposal_id        bigint NOT NULL REFERENCES proposals,
  agrees             boolean NOT NULL,
  -- `person:<id>` (by email) or `cli:<user>`.
  actor              text NOT NULL,
  inbound_message_id bigint REFERENCES inbound_messages,
  answered_at        timestamptz NOT NULL
);
CREATE INDEX proposal_gm_answers_proposal ON proposal_gm_answers (proposal_id, answered_at);

-- D.VIII(1): "Rollbacks ... will only be permitted with the express consent of the TD." The GM's
-- request waits here for the TD's own answer (by mail from the TD's registered address, or the CLI).
-- `open_phase`/`open_generation` are the game's open phase when it was asked: a request still pending
-- when the game has moved on (another adjudication published) has lapsed and can no longer be approved.
CREATE TABLE rollback_requests (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id            text NOT NULL REFERENCES games,
  phase              phase_name NOT NULL,
  reason             text NOT NULL,
  requested_by       text NOT NULL,
  requested_at       timestamptz NOT NULL,
  inbound_message_id bigint REFERENCES inbound_messages,
  open_phase         phase_name NOT NULL,
  open_generation    integer NOT NULL,
  status             text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'refused', 'lapsed', 'replaced')),
  decided_by         text,
  decided_at         timestamptz,
  td_note            text,
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
-- One pending request per game: a new one replaces the old (status 'replaced').
CREATE UNIQUE INDEX rollback_requests_one_pending ON rollback_requests (game_id) WHERE status = 'pending';
