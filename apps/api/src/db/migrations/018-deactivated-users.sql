-- The staff can deactivate an account (issue 18; docs/decisions/056-staff-back-office.md): it cannot sign
-- in, its tokens are deleted when it is deactivated and refused while it stays so. Reactivation clears both
-- columns; the audit log keeps the history.
ALTER TABLE users ADD COLUMN deactivated_at timestamptz;
ALTER TABLE users ADD COLUMN deactivation_reason text;

-- The download log, newest first for the back-office.
CREATE INDEX downloads_log_created_idx ON downloads_log (created_at DESC, id DESC);
