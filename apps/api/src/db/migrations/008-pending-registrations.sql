-- A registration is an offer to set a password on an address, made by someone who has not proved that
-- the address is theirs. It takes effect only when a verification key of the address (which proves the
-- mailbox) is used together with the password chosen in that registration: the owner, clicking a mail,
-- cannot activate a stranger's password they do not know, and the stranger has no key. Several pending
-- registrations of one address may coexist; verification applies the one whose password was given.
CREATE TABLE pending_registrations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX pending_registrations_user_idx ON pending_registrations (user_id, created_at);

-- Migration 007 kept the registration on the key row; those rows move here.
INSERT INTO pending_registrations (user_id, password_hash, first_name, last_name, created_at, expires_at, used_at)
SELECT user_id, password_hash, first_name, last_name, created_at, expires_at, used_at
  FROM email_verification_keys WHERE password_hash IS NOT NULL;
ALTER TABLE email_verification_keys
  DROP COLUMN password_hash,
  DROP COLUMN first_name,
  DROP COLUMN last_name;
