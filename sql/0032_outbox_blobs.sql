-- Issue 29 (a deadline of many boards): each attachment's bytes stored once, by their SHA-256.
-- A results report carries the game's two map pictures (~650 KB); before, every recipient's outbox
-- row held them as base64 in outbox.attachments (8 rows a game: ~5 MB of JSON per game). Now an
-- outbox attachment of more than 4 KiB (other than a calendar event) is
--   { "filename": …, "contentType": …, "cid"?: …, "blob": "<sha256 hex of the bytes>" }
-- and its bytes are one row here, written with ON CONFLICT DO NOTHING by whoever queues it first.
-- Smaller attachments (the .ics calendar events) stay inline ("content": base64), and so do the
-- rows written before this migration: the reader accepts both forms. Blobs are kept like the
-- outbox rows that name them (the record of what was sent); nothing deletes them.
CREATE TABLE outbox_blobs (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content bytea NOT NULL,
  -- The content type of the first mail that attached it (each outbox row keeps its own).
  content_type text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
