-- 0006: attempts at deciding a stored inbound message (issue 20). A message is stored first and
-- decided afterwards; when deciding fails for a reason of the environment (the database unreachable,
-- a deadlock, a serialization failure) it is retried on its own, with backoff and a bounded number of
-- attempts, never behind another message; after the last attempt it is quarantined with the error
-- (an inbound_decisions row). inbound_messages is immutable evidence, so the attempts live here.
CREATE TABLE inbound_attempts (
  inbound_message_id bigint PRIMARY KEY REFERENCES inbound_messages,
  -- Failed attempts so far.
  attempts           integer NOT NULL CHECK (attempts > 0),
  -- The last failure, as the operator must see it (`mailjudge quarantine`).
  last_error         text NOT NULL,
  last_attempt_at    timestamptz NOT NULL,
  -- The retry sweep leaves the message alone until then.
  next_attempt_at    timestamptz NOT NULL
);
CREATE INDEX inbound_attempts_due_idx ON inbound_attempts (next_attempt_at);
