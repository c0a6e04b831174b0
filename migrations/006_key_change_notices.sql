-- Every replica LISTENs on `api_keys_changed` and reloads its keys when told: a key
-- revoked, a quota changed or an account disabled takes effect at once, whoever wrote
-- it (the dashboard, the keys CLI, plain SQL). Polling stays as the fallback.
CREATE FUNCTION notify_api_keys_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_keys_changed', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER api_keys_changed AFTER INSERT OR UPDATE OR DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION notify_api_keys_changed();

CREATE TRIGGER accounts_changed AFTER UPDATE OF disabled_at ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_api_keys_changed();
