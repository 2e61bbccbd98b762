-- Service-operator controls (issue 13): coupons the installation's operator creates (ops CLI or
-- operator API) and accounts apply at checkout. Installation-wide, not an account's data: no
-- account_id and no row-level security (like users). Codes are stored upper-case.
CREATE TABLE coupons (
  id uuid PRIMARY KEY,
  code text NOT NULL,
  kind text NOT NULL,
  value integer NOT NULL,
  valid_from timestamptz,
  valid_until timestamptz,
  max_uses integer,
  uses integer NOT NULL DEFAULT 0,
  provider_promotion_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX coupons_code_uq ON coupons (code);
