-- Deadlines in the players' calendars (issue #15): every mail that announces or changes a deadline
-- carries an iCalendar event whose UID is stable per game and phase; calendar apps replace an event
-- in place only when its SEQUENCE rises (RFC 5545 3.8.7.4), so each phase counts its deadline's
-- revisions. It rises with every move (extension, GM's change) and with a rollback's reopening
-- (D.VIII(1)), never falls: a phase reopened in place keeps counting.
ALTER TABLE phases ADD COLUMN deadline_sequence integer NOT NULL DEFAULT 0 CHECK (deadline_sequence >= 0);

-- Files sent with an outbox mail, stored with it so a resend is the same mail:
-- [{ "filename": "deadline.ics", "contentType": "text/calendar; method=PUBLISH", "content": "<base64>",
--    "calendarMethod": "PUBLISH" }, …]. A text/calendar entry with calendarMethod goes out as an
-- iTIP alternative part as well as an attachment, which mail clients show as an event.
ALTER TABLE outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(attachments) = 'array');
