-- Up Migration
-- Dispatcher liveness for delivery leases. Each running dispatcher has a row it refreshes every second;
-- a claimed delivery names its owner, so once the owner's heartbeat is stale (the process died mid-attempt)
-- another dispatcher, or the same one restarted, may claim it again without waiting for lease_until.
CREATE TABLE webhook_dispatchers (
  id uuid PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE webhook_deliveries ADD COLUMN lease_owner uuid;

-- Down Migration
ALTER TABLE webhook_deliveries DROP COLUMN lease_owner;
DROP TABLE webhook_dispatchers;
