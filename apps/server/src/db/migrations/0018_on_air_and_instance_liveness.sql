-- Paid minutes only on air, and instances that report they are alive (decision record 062).
--
-- Each server instance renews a lease here every LIVE_HEARTBEAT_SECONDS; a live camera session records the instance
-- whose media server holds its room. The open sessions of an instance whose lease ran out go into their grace period
-- (on any instance) and end offline (5) unless a publisher comes back.
CREATE TABLE live_instances (
  id text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  heartbeat_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX live_instances_expires_idx ON live_instances (expires_at);

-- off_air_since: when the current outage began (set with grace_until; kept when the session ends offline).
-- off_air_seconds: the earlier outages of this session that ended with the publisher back, in whole seconds.
ALTER TABLE camera_sessions ADD COLUMN instance_id text;
ALTER TABLE camera_sessions ADD COLUMN off_air_since timestamptz;
ALTER TABLE camera_sessions ADD COLUMN off_air_seconds integer NOT NULL DEFAULT 0 CHECK (off_air_seconds >= 0);
CREATE INDEX camera_sessions_open_instance_idx ON camera_sessions (instance_id) WHERE ended_at IS NULL;

-- Sessions a server of before this migration left open belong to no instance that reports: an expired lease puts them
-- into grace at the first sweep (what the start-up of one instance did before).
INSERT INTO live_instances (id, started_at, heartbeat_at, expires_at)
SELECT 'before-0018', now(), now(), now() WHERE EXISTS (SELECT 1 FROM camera_sessions WHERE ended_at IS NULL);
UPDATE camera_sessions SET instance_id = 'before-0018' WHERE ended_at IS NULL;

-- camera_session_id: the show a chat session was entered in (recorded, not referenced, as camera_id is).
-- credited_seconds: outages of that show credited to the member (paid_until = started_at + credited + minutes).
-- off_air_seen_seconds: the show's off_air_seconds already credited, or gone before the member entered.
-- minutes_refunded, coins_refunded: what the refund of minutes without video gave back when the session ended.
ALTER TABLE chat_sessions ADD COLUMN camera_session_id integer;
ALTER TABLE chat_sessions ADD COLUMN credited_seconds integer NOT NULL DEFAULT 0 CHECK (credited_seconds >= 0);
ALTER TABLE chat_sessions ADD COLUMN off_air_seen_seconds integer NOT NULL DEFAULT 0 CHECK (off_air_seen_seconds >= 0);
ALTER TABLE chat_sessions ADD COLUMN minutes_refunded integer NOT NULL DEFAULT 0 CHECK (minutes_refunded >= 0);
ALTER TABLE chat_sessions ADD COLUMN coins_refunded bigint NOT NULL DEFAULT 0 CHECK (coins_refunded >= 0);
UPDATE chat_sessions c SET camera_session_id = s.id
  FROM camera_sessions s
 WHERE c.ended_at IS NULL AND s.camera_id = c.camera_id AND s.ended_at IS NULL;

-- The ledger transaction that gave a charged minute back (null while it stands).
ALTER TABLE chat_session_charges ADD COLUMN refund_transaction_id bigint;
