-- Sessions a user can see and end, and the sign-in events of the last 90 days (issue 21;
-- docs/decisions/057-httponly-session.md). A token's id names it in the session list (its hash never leaves
-- the API); the user agent and the address are those of the sign-in; last_used_at moves at most once a
-- minute.
ALTER TABLE auth_tokens ADD COLUMN id bigserial;
ALTER TABLE auth_tokens ADD COLUMN user_agent text NOT NULL DEFAULT '';
ALTER TABLE auth_tokens ADD COLUMN ip text;
ALTER TABLE auth_tokens ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX auth_tokens_id_idx ON auth_tokens (id);
-- Sessions opened before this migration were last known to be used when they began.
UPDATE auth_tokens SET last_used_at = created_at;

-- Deleted with the account (its personal data go with it); older than 90 days, pruned as new ones come.
CREATE TABLE sign_in_events (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('login', 'login-wrong-password', 'login-unverified',
    'login-deactivated', 'login-locked', 'logout', 'session-ended', 'sessions-ended', 'password-changed')),
  ip text,
  user_agent text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_events_user_idx ON sign_in_events (user_id, created_at DESC, id DESC);
CREATE INDEX sign_in_events_created_idx ON sign_in_events (created_at DESC, id DESC);
