-- Issue 33: the SMTP envelope (client IP, EHLO name, MAIL FROM) of a message the judge received by
-- SMTP itself, stored with the raw bytes: SPF and DMARC read it, and `mailjudge reproduce` replays the
-- message with it (a message fetched by IMAP or piped has its envelope in its own Received: headers,
-- so it stays NULL there). Stored once with the message, never rewritten (the table is append-only).
ALTER TABLE inbound_messages ADD COLUMN envelope jsonb;
