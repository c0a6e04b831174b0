import type { SqliteDatabase } from './driver.js';
import { migrationFiles } from '../stores/migration-files.js';

/**
 * Applies the versioned migrations not applied yet. BEGIN IMMEDIATE takes the write
 * lock first, so a server and a CLI starting together apply each migration once.
 */
export function migrateSqlite(db: SqliteDatabase): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  const pending = () => {
    const done = new Set(
      db
        .prepare('SELECT version FROM schema_migrations')
        .pluck()
        .all()
        .map((v) => Number(v)),
    );
    return migrationFiles('migrations/sqlite/').filter((m) => !done.has(m.version));
  };
  if (pending().length === 0) return [];
  const apply = db.transaction(() => {
    const applied: number[] = [];
    const record = db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)');
    for (const m of pending()) {
      db.exec(m.sql);
      record.run(m.version, new Date().toISOString());
      applied.push(m.version);
    }
    return applied;
  });
  return apply.immediate();
}
