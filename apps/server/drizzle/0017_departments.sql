-- Departments (the members' `intentions`) and key entities (their `entities`) as managed records
-- of an account. Existing free-string department names (members, invitations, conversations)
-- become department rows and are replaced by the rows' ids; conversations.department_id stays a
-- text column holding the department's id.
CREATE TABLE departments (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  distribution boolean NOT NULL DEFAULT true,
  capacity integer,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX departments_acc_name_uq ON departments (account_id, lower(name));
--> statement-breakpoint
CREATE TABLE key_entities (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  alias text NOT NULL,
  type text NOT NULL DEFAULT 'text',
  validation text NOT NULL DEFAULT '',
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX key_entities_acc_name_uq ON key_entities (account_id, lower(name));
--> statement-breakpoint
CREATE UNIQUE INDEX key_entities_acc_alias_uq ON key_entities (account_id, lower(alias));
--> statement-breakpoint
ALTER TABLE departments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON departments USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE key_entities ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON key_entities USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
INSERT INTO departments (id, account_id, name)
SELECT DISTINCT ON (s.account_id, lower(s.name)) gen_random_uuid(), s.account_id, s.name
FROM (
  SELECT account_id, jsonb_array_elements_text(intentions) AS name FROM account_members
  UNION SELECT account_id, jsonb_array_elements_text(intentions) FROM invitations
  UNION SELECT account_id, department_id FROM conversations WHERE department_id IS NOT NULL
) s
WHERE btrim(s.name) <> ''
ORDER BY s.account_id, lower(s.name), s.name;
--> statement-breakpoint
UPDATE account_members m SET intentions = coalesce((
  SELECT jsonb_agg(DISTINCT d.id::text) FROM jsonb_array_elements_text(m.intentions) e(name)
  JOIN departments d ON d.account_id = m.account_id AND lower(d.name) = lower(e.name)
), '[]'::jsonb)
WHERE jsonb_array_length(m.intentions) > 0;
--> statement-breakpoint
UPDATE invitations i SET intentions = coalesce((
  SELECT jsonb_agg(DISTINCT d.id::text) FROM jsonb_array_elements_text(i.intentions) e(name)
  JOIN departments d ON d.account_id = i.account_id AND lower(d.name) = lower(e.name)
), '[]'::jsonb)
WHERE jsonb_array_length(i.intentions) > 0;
--> statement-breakpoint
UPDATE conversations c SET department_id = CASE WHEN btrim(c.department_id) = '' THEN NULL ELSE (
  SELECT d.id::text FROM departments d WHERE d.account_id = c.account_id AND lower(d.name) = lower(c.department_id)
) END
WHERE c.department_id IS NOT NULL;
