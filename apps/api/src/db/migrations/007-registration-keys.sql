-- A password chosen at registration takes effect only through the key mailed for it: the key row carries
-- the registration's password hash and names, which verification copies onto the account. NULL means
-- a plain verification key (resent for an account whose password is already its own, or made by an
-- operator), which only marks the address verified.
ALTER TABLE email_verification_keys
  ADD COLUMN password_hash text,
  ADD COLUMN first_name text,
  ADD COLUMN last_name text;

-- Keys issued before this change (which let a later registration overwrite the password) end here:
-- the address's owner asks for a new mail with "Invia nuovamente".
UPDATE email_verification_keys SET used_at = now() WHERE used_at IS NULL;
