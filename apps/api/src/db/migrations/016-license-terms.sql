-- The data-use commitment accepted with a licence request (issue 18): the version of its text
-- (LICENSE_TERMS.version of @portal/contract) and when it was accepted. NULL for requests made before.
ALTER TABLE users ADD COLUMN license_terms_version text;
ALTER TABLE users ADD COLUMN license_terms_accepted_at timestamptz;
