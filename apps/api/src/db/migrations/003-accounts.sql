-- Accounts: users, their sign-in tokens, e-mail verification and password reset keys, contact
-- messages and the outbox of mail. Every secret (token, key) is stored as the hex sha256 of the
-- value sent to the user, never the value itself.
CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  organization text NOT NULL DEFAULT '',
  organization_type text NOT NULL DEFAULT ''
    CHECK (organization_type IN ('', 'public_administration', 'waste_operator', 'company', 'research',
                                 'association', 'media', 'private_citizen', 'other')),
  role text NOT NULL DEFAULT '',
  intended_use text NOT NULL DEFAULT '',
  verified boolean NOT NULL DEFAULT false,
  is_staff boolean NOT NULL DEFAULT false,
  license_status text NOT NULL DEFAULT 'inactive' CHECK (license_status IN ('active', 'inactive', 'pending')),
  license_requested_at timestamptz,
  license_approved_at timestamptz,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One account per address, whatever its case.
CREATE UNIQUE INDEX users_email_idx ON users (lower(email));
CREATE INDEX users_license_pending_idx ON users (license_requested_at) WHERE license_status = 'pending';

CREATE TABLE auth_tokens (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id);

CREATE TABLE email_verification_keys (
  key_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_verification_keys_user_idx ON email_verification_keys (user_id);

CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

CREATE TABLE contact_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  reason text NOT NULL,
  message text NOT NULL,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Mail is written here in the transaction of the change that causes it; the worker delivers it.
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status IN ('pending', 'sending');
