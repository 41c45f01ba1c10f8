-- Issue 25 (7): the GM's digest lists every mail the judge could not deliver that it has not yet
-- reported to the GM, once, instead of the failures since the last results (a failure before the
-- results was never reported). Set when a digest naming the failure is queued, in the same
-- transaction. Failures already in the table are reported by the next digest.
ALTER TABLE outbox ADD COLUMN gm_reported_at timestamptz;
CREATE INDEX outbox_failed_unreported ON outbox (game_id) WHERE status = 'failed' AND gm_reported_at IS NULL;
