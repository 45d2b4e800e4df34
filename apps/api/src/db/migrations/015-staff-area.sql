-- The staff's back-office (issue 18; docs/decisions/056-staff-back-office.md).

-- A pending request turned down by the staff, and the reason given for that or for the revocation of an
-- active licence: the user reads it on their profile. Both are cleared by a new request or an approval
-- (features/accounts/accounts.repo.ts), as license_revoked_at is.
ALTER TABLE users ADD COLUMN license_rejected_at timestamptz;
ALTER TABLE users ADD COLUMN license_reason text;

-- Everything the staff do, in the transaction that does it: who (the staff account, kept by name should it
-- be deleted; 'riga di comando' for the admin CLI), what, to whom, the value before and after, and why.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id bigint REFERENCES users (id) ON DELETE SET NULL,
  actor text NOT NULL,
  action text NOT NULL,
  target_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  target text NOT NULL,
  before text,
  after text,
  reason text
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC);
