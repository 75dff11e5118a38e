-- 0027: the daily notice to a control's owner that a mitigation of the control expires within
-- 30 days (issue 16, rule 16). One event per mitigation and end date (event_key), so the daily
-- job can run any number of times, on any number of workers, without telling anyone twice.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
  'import.ready', 'import.failed', 'ruleset.ready', 'ruleset.failed',
  'analysis.completed', 'analysis.failed', 'acceptance.expiring', 'mitigation.expiring'
));
