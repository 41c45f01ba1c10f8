-- The judge's own addresses, as the running judge is configured (issue #26, item 11): written by
-- `mailjudge start` at every start, read by every CLI command that queues mail, so that a command run
-- from a shell without the judge's environment still writes the judge's From and Reply-To (never
-- "@localhost"). One row.
CREATE TABLE judge_settings (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  from_address text NOT NULL,
  confirm_address text,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
