-- 0008: hardening (issue 16).

-- What was removed or replaced to make a message's text storable (NUL bytes, lone UTF-16
-- surrogates), field by field; NULL when nothing was. The raw bytes (inbound_messages.raw) keep all.
ALTER TABLE inbound_decisions ADD COLUMN text_cleaned text;

-- A GM's "process now" (`mailjudge process`, the emailed PROCESS), recorded durably with the phase
-- it names: the adjudication job alone is not enough, since a judge killed while holding the job
-- leaves it locked, and re-adding the phase's job then puts it back at the deadline. The scheduler
-- (src/db/schedule-jobs.ts) honours every request of a still-open phase generation.
CREATE TABLE phase_process_requests (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id       text NOT NULL REFERENCES games,
  phase         phase_name NOT NULL,
  generation    integer NOT NULL CHECK (generation >= 0),
  -- When the adjudication may run (now, or the end of an unavailable window).
  run_at        timestamptz NOT NULL,
  -- true: the early adjudication of D.VII(2), re-checked when it runs; false: adjudicate at run_at.
  early         boolean NOT NULL,
  requested_at  timestamptz NOT NULL,
  requested_by  text NOT NULL,
  override      text
);
CREATE INDEX phase_process_requests_phase_idx ON phase_process_requests (game_id, phase, generation);

-- A reply token per holding (diplicity's): every mail the judge sends a player carries
-- `Reply-To: judge+<game>.<token>@<judge's domain>`; a reply to it is authenticated by possession
-- of the token (src/db/reply-tokens.ts). NULL until the first mail to the holder.
ALTER TABLE positions ADD COLUMN reply_token text UNIQUE CHECK (reply_token ~ '^[a-z2-9]{8}$');
