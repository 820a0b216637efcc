-- Up Migration
-- Events a tenant-facing consumer (webhook saga, deliveries) could not handle after its retries. The
-- consumer moves past them so one tenant's event never stops the others; each row keeps enough to find
-- the event again and the error it caused. Money projections never park: they halt instead.
CREATE TABLE parked_events (
  consumer text NOT NULL,
  event_id text NOT NULL,
  stream_id text NOT NULL,
  event_type text NOT NULL,
  position_commit numeric NOT NULL,
  position_prepare numeric NOT NULL,
  error text NOT NULL,
  attempts integer NOT NULL,
  parked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);

-- Down Migration
DROP TABLE parked_events;
