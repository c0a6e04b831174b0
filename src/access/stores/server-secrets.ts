import { randomBytes } from 'node:crypto';
import type { SqliteDatabase } from '../sqlite/driver.js';
import type pg from 'pg';

/**
 * A named secret of 32 random bytes, created by whichever process asks first and
 * kept in the state store: it survives restarts, and every replica of the
 * distributed mode reads the same one (a per-process secret would break a form
 * served by one replica and posted to another).
 */
export function sqliteServerSecret(db: SqliteDatabase, name: string): Buffer {
  db.prepare('INSERT INTO server_secrets (name, secret) VALUES (?, ?) ON CONFLICT (name) DO NOTHING').run(
    name,
    randomBytes(32),
  );
  return db.prepare<[string], { secret: Buffer }>('SELECT secret FROM server_secrets WHERE name = ?').get(name)!.secret;
}

export async function pgServerSecret(pool: pg.Pool, name: string): Promise<Buffer> {
  await pool.query('INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32),
  ]);
  const r = await pool.query<{ secret: Buffer }>('SELECT secret FROM server_secrets WHERE name = $1', [name]);
  return r.rows[0]!.secret;
}
