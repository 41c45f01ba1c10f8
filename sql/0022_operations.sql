-- Issue 27 (operations): keys the judge makes for itself, and every bounce noticed.
--
-- judge_keys: secrets the judge generates once and keeps with its data (so a restored backup still
-- recognises the bounces of mail sent before it): the VERP key that makes a per-recipient return
-- path (judge+b.<outbox id>.<mac>@domain) unforgeable.
CREATE TABLE judge_keys (
  name       text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9-]*$'),
  value      bytea NOT NULL CHECK (octet_length(value) >= 16),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A mail the judge sent that did not arrive: a delivery report (RFC 3464 or a known non-standard
-- form) tied to its outbox row, or the smarthost's synchronous 5xx refusal. The outbox row is marked
-- failed with the diagnostic in the same transaction; this row keeps the evidence and counts per
-- address (an address that keeps failing is flagged).
CREATE TABLE mail_bounces (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  outbox_id          bigint REFERENCES outbox,
  -- The address that failed, lower case.
  recipient          text NOT NULL CHECK (recipient ~ '^[^@\s]+@[^@\s]+$'),
  -- 'report': a delivery report received; 'smtp': the smarthost refused it with a 5xx.
  source             text NOT NULL CHECK (source IN ('report', 'smtp')),
  -- RFC 3463 status (5.2.2) when given, and the diagnostic as the reporting MTA wrote it.
  status             text,
  diagnostic         text NOT NULL,
  -- The form the report came in: rfc3464, exim, qmail, text.
  report_format      text,
  inbound_message_id bigint REFERENCES inbound_messages,
  bounced_at         timestamptz NOT NULL
);
CREATE INDEX mail_bounces_recipient_idx ON mail_bounces (lower(recipient), bounced_at);
-- One bounce per outbox row and report (a re-decided message changes nothing).
CREATE UNIQUE INDEX mail_bounces_once_idx ON mail_bounces (outbox_id, coalesce(inbound_message_id, 0));
