-- 0003: the judge processes running job-queue workers, so a process that was killed (SIGKILL, a
-- power cut) does not leave its jobs locked for graphile-worker's four-hour lock timeout.
-- Each live process holds a session advisory lock on its token; a process whose lock can be taken
-- is dead, and the jobs its workers had locked are released at once (force_unlock_workers).
CREATE TABLE judge_processes (
  token      text PRIMARY KEY CHECK (token ~ '^[0-9a-f]{32}$'),
  host       text NOT NULL,
  pid        integer NOT NULL,
  -- graphile-worker's pool and worker ids in this process (as `locked_by` names them).
  worker_ids text[] NOT NULL DEFAULT '{}',
  started_at timestamptz NOT NULL DEFAULT now()
);
