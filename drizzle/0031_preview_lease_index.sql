-- Hand-written (issue 15): the worker's sweep for orphaned jobs that used up
-- their attempts (status 'running', lease passed) read the whole due index,
-- which leads with priority: 25–40 ms every poll with 100 000 queued jobs.
-- Running jobs are a handful, so their own index makes the sweep one step.
CREATE INDEX IF NOT EXISTS "preview_jobs_lease_idx" ON "preview_jobs" USING btree ("next_attempt_at") WHERE "preview_jobs"."status" = 'running';
