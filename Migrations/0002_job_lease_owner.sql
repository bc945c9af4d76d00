-- Who holds a job's lease ("host:pid"), so a worker can take back at once the jobs of a
-- process that died (kill -9, power loss) instead of waiting for the lease to run out.
ALTER TABLE jobs ADD COLUMN lease_owner TEXT;
