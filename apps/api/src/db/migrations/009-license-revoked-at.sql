-- When an active licence was last revoked by the staff, so the portal can say so ("revocata il …")
-- instead of treating the account as one that never asked. NULL: never revoked, or requested or approved
-- again since (features/accounts/accounts.repo.ts, setLicenseStatus and requestLicense).
ALTER TABLE users ADD COLUMN license_revoked_at timestamptz;
