-- Who gave staff access to whom (issue 34; docs/decisions/068-admin-channel-and-staff-four-eyes.md): a
-- licence is never approved by a staff member whose staff access comes, through any chain of grants, from
-- the account that asked for it (features/admin/staff-access.ts). Every grant ever made is kept, a removed
-- or deleted account's too: the ids carry no foreign key (an account's id is never reused), so deleting
-- an account in the chain cannot cut it. granted_by NULL: the operator's command line.
CREATE TABLE staff_grants (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL,
  granted_by bigint,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_grants_user_idx ON staff_grants (user_id);

-- The grants made before, from the audit log (written in the transaction of each grant).
INSERT INTO staff_grants (user_id, granted_by, at)
  SELECT target_user_id, actor_id, at FROM audit_log
   WHERE action = 'user.grant-staff' AND target_user_id IS NOT NULL
   ORDER BY id;
