-- Every download of a statistic or of data: who, what, when.
CREATE TABLE downloads_log (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  format text NOT NULL,
  query jsonb NOT NULL,
  row_count integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX downloads_log_user_idx ON downloads_log (user_id, created_at);
