-- Account settings (issue 14): a change of address waits for the new address to confirm it, and an account
-- can be deleted while the log of its downloads stays, without the person.

-- A requested change of address: nothing of the account changes until the key mailed to the new address
-- is used (features/accounts/accounts.repo.ts, createEmailChangeKey and applyEmailChange). Only the sha256
-- of the key is stored, like every other key.
CREATE TABLE email_change_requests (
  key_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_change_requests_user_idx ON email_change_requests (user_id);

-- Deleting an account keeps its downloads (what was downloaded, when, how many rows) for the statistics of
-- the portal's use, without the person: the row loses its user instead of disappearing with it.
ALTER TABLE downloads_log ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE downloads_log DROP CONSTRAINT downloads_log_user_id_fkey;
ALTER TABLE downloads_log
  ADD CONSTRAINT downloads_log_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;
