-- The operators' audit log is append-only: every UPDATE or DELETE of a row is refused.
-- (TRUNCATE is not a row operation: the database reset does not truncate audit_log.)
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
