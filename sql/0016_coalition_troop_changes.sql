-- 2.3.2: "The controller of the army must send an E-mail or PM to the judge describing the new
-- makeup." Each request as mailed, for the turn it was received in; at the lock the last one from the
-- army's controller at the lock counts. Append-only.
CREATE TABLE coalition_troop_changes (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id             text NOT NULL REFERENCES games ON DELETE CASCADE,
  turn                integer NOT NULL,
  army                text NOT NULL,
  troops              jsonb NOT NULL,
  sender_person_id    bigint NOT NULL REFERENCES people,
  sender_name         text NOT NULL,
  received_at         timestamptz NOT NULL,
  inbound_message_id  bigint NOT NULL REFERENCES inbound_messages
);
CREATE INDEX coalition_troop_changes_idx ON coalition_troop_changes (game_id, turn);
CREATE TRIGGER coalition_troop_changes_append_only BEFORE UPDATE OR DELETE ON coalition_troop_changes
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
