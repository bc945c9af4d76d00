-- Queuing a job first retires the draft's pending one; without this index that look-up scanned
-- every pending job, so a burst of N notes cost N² row visits.
CREATE INDEX jobs_draft ON jobs(draft_id, state);
