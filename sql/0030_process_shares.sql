-- Issue 29: several judge processes share one PostgreSQL (`mailjudge start --role`). Which process
-- did what is recorded where it happened: each process names its connections
-- (application_name `mailjudge/<roles>/<host>:<pid>`), and these columns take that name when a
-- message is stored, decided, a mail handed to the smarthost, a phase adjudicated. NULL: before
-- this version, or a connection with no name (psql, a script).

-- Added without a default first, so rows stored before keep NULL; the default applies from now on.
ALTER TABLE inbound_messages ADD COLUMN stored_by text;
ALTER TABLE inbound_messages ALTER COLUMN stored_by SET DEFAULT NULLIF(current_setting('application_name', true), '');

ALTER TABLE inbound_decisions ADD COLUMN decided_by text;
ALTER TABLE inbound_decisions ALTER COLUMN decided_by SET DEFAULT NULLIF(current_setting('application_name', true), '');

-- Set by triggers: the sending and the adjudication are updates of rows written earlier (by
-- whichever process queued the mail or opened the phase). On UPDATE only: an INSERT (a restore,
-- mailjudge restore) keeps the value it is given.
ALTER TABLE outbox ADD COLUMN sent_by text;
CREATE FUNCTION outbox_sent_by() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'sent' AND OLD.status IS DISTINCT FROM 'sent' THEN
    NEW.sent_by := NULLIF(current_setting('application_name', true), '');
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER outbox_sent_by BEFORE UPDATE OF status ON outbox
  FOR EACH ROW EXECUTE FUNCTION outbox_sent_by();

ALTER TABLE phases ADD COLUMN adjudicated_by text;
CREATE FUNCTION phases_adjudicated_by() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.adjudicated_at IS NULL THEN
    NEW.adjudicated_by := NULL; -- a rollback (rollback-phase.ts) opens the phase again
  ELSIF OLD.adjudicated_at IS NULL THEN
    NEW.adjudicated_by := NULLIF(current_setting('application_name', true), '');
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER phases_adjudicated_by BEFORE UPDATE OF adjudicated_at ON phases
  FOR EACH ROW EXECUTE FUNCTION phases_adjudicated_by();
