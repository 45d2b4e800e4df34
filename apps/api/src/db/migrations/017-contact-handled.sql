-- The contact form's inbox in the back-office (issue 18): a message is marked handled by a staff member,
-- kept by e-mail should the account be deleted.
ALTER TABLE contact_messages ADD COLUMN handled_at timestamptz;
ALTER TABLE contact_messages ADD COLUMN handled_by text;
ALTER TABLE contact_messages ADD COLUMN handled_by_id bigint REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX contact_messages_open_idx ON contact_messages (created_at DESC) WHERE handled_at IS NULL;
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC, id DESC);
