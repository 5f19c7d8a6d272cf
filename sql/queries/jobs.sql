-- name: BeginJobHeartbeat :exec
-- An attempt starts: its heartbeat names the attempt and the process that runs it.
INSERT INTO job_heartbeats (job_id, attempt, owner) VALUES ($1, $2, $3)
ON CONFLICT (job_id) DO UPDATE SET attempt = EXCLUDED.attempt, owner = EXCLUDED.owner, beat_at = now();

-- name: LastJobHeartbeat :exec
-- The attempt's last beat, after its work returned and before river records the outcome.
UPDATE job_heartbeats SET beat_at = now() WHERE job_id = $1 AND attempt = $2;

-- name: DeleteJobHeartbeat :exec
DELETE FROM job_heartbeats WHERE job_id = $1;
