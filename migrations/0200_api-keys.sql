-- Up Migration
-- API keys (docs/architecture.md §7): only the SHA-256 of a key is stored; the key itself is shown once at creation.
-- plan fixes which chain tiers the key may use (libs/auth/src/plans.ts).
CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  key_hash text NOT NULL UNIQUE,       -- hex sha256 of the key
  plan text NOT NULL CHECK (plan IN ('free', 'pro', 'enterprise')),
  name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

-- Down Migration
DROP TABLE api_keys;
