-- Issue 34 (findings 10 and 12; docs/decisions/066-sign-in-limits-and-abandoned-accounts.md).
-- The ids visitors see of their sessions and sign-in events were serial numbers (auth_tokens.id,
-- sign_in_events.id): two sign-ins a minute apart told how many sign-ins the portal had had between them.
-- Each row gets a random public id; the serial ids stay internal (the current session, joins, ordering).
ALTER TABLE auth_tokens ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX auth_tokens_public_id_idx ON auth_tokens (public_id);
ALTER TABLE sign_in_events ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid();

-- The accounts a registration made and that never got a password (password_hash '!unusable', NO_PASSWORD
-- of accounts.repo.ts): the few among them whose registration has expired are removed, oldest first
-- (removeAbandonedAccounts), without reading the verified ones.
CREATE INDEX users_registered_unverified_idx ON users (created_at)
  WHERE NOT verified AND password_hash = '!unusable';
