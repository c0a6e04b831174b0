-- A counter that every change of a key or an account moves. The server polls
-- `PRAGMA data_version` to see other connections' commits; that version also moves at
-- commits that change no key (the dashboard's sessions, another process' usage), and
-- the keys are reloaded only when this counter moved too.
CREATE TABLE keys_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO keys_version (id, version) VALUES (1, 0);
CREATE TRIGGER api_keys_inserted AFTER INSERT ON api_keys BEGIN UPDATE keys_version SET version = version + 1; END;
CREATE TRIGGER api_keys_updated AFTER UPDATE ON api_keys BEGIN UPDATE keys_version SET version = version + 1; END;
CREATE TRIGGER api_keys_deleted AFTER DELETE ON api_keys BEGIN UPDATE keys_version SET version = version + 1; END;
CREATE TRIGGER accounts_inserted AFTER INSERT ON accounts BEGIN UPDATE keys_version SET version = version + 1; END;
CREATE TRIGGER accounts_updated AFTER UPDATE ON accounts BEGIN UPDATE keys_version SET version = version + 1; END;
CREATE TRIGGER accounts_deleted AFTER DELETE ON accounts BEGIN UPDATE keys_version SET version = version + 1; END;
