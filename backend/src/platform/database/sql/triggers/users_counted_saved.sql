-- A user's e-mail verified or unverified: the saved accounts counter follows (counts_users_saved()).
CREATE OR REPLACE TRIGGER users_counted_saved AFTER UPDATE OF email_verified ON users
  FOR EACH ROW WHEN (OLD.email_verified IS DISTINCT FROM NEW.email_verified)
  EXECUTE FUNCTION counts_users_saved();
