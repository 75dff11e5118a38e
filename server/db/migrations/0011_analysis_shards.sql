-- 0011: an analysis can be split into user shards that several workers evaluate (DESIGN 3);
-- the shard that finishes last completes the analysis.
ALTER TABLE analyses
  ADD COLUMN shards integer NOT NULL DEFAULT 1 CHECK (shards >= 1),
  ADD COLUMN shards_done integer NOT NULL DEFAULT 0,
  -- One entry per finished shard: which worker (host and process) evaluated it, and how long it took.
  ADD COLUMN shard_log jsonb NOT NULL DEFAULT '[]';
