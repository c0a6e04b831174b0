import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import pg from 'pg';
import { ROOT as root } from './helpers/paths.js';
import { PG_ADMIN_URL, createDatabase, entryArgs } from './helpers/processes.js';

const run = promisify(execFile);

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run keys -- …` as its own process; never throws: the exit code and both streams. */
async function keys(args: string[], env: Record<string, string>): Promise<CliRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...entryArgs('src/cli/keys.ts'), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const lines = (text: string) => text.split('\n').filter((l) => l !== '');
const period = () => new Date().toISOString().slice(0, 7);

interface Listed {
  id: string;
  name: string;
  created_at: string;
  revoked_at: string | null;
  quota: number | null;
  rate: { requests: number; window_s: number } | null;
  usage: { period: string; credits: number; calls: number };
  budget: string;
  remaining: number | null;
}

/**
 * The columns of a plain-text table, found without knowing its widths: spans of
 * positions separated by gutters of two or more positions blank on every line.
 */
function columnSpans(table: string[]): Array<[number, number]> {
  const width = Math.max(...table.map((l) => l.length));
  const blank = (i: number) => table.every((l) => (l[i] ?? ' ') === ' ');
  const spans: Array<[number, number]> = [];
  let start = -1;
  for (let i = 0; i <= width; i++) {
    const gutter = i === width || (blank(i) && blank(i + 1));
    if (!gutter && start < 0 && !blank(i)) start = i;
    if (gutter && start >= 0) {
      let end = i;
      while (end > start && blank(end - 1)) end--;
      spans.push([start, end]);
      start = -1;
    }
  }
  return spans;
}

describe('npm run keys, embedded backend', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let storeLine: string;

  before(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-keys-cli-'));
    env = { DATA_DIR: dataDir };
    storeLine = `keys in ${path.join(dataDir, 'state')} (embedded, from DATA_DIR)`;
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints usage on stdout with exit code 0 for --help and -h, of the command and of each subcommand', async () => {
    for (const args of [['--help'], ['-h'], ['create', '--help'], ['list', '-h'], ['revoke', '--help']]) {
      const r = await keys(args, env);
      assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stdout, /^usage: npm run keys -- /, args.join(' '));
      if (args[0] !== '--help' && args[0] !== '-h')
        assert.match(r.stdout, new RegExp(`^usage: npm run keys -- ${args[0]}`));
      assert.equal(r.stderr, '', args.join(' '));
      // Help names the store this environment selects, without opening it.
      assert.ok(r.stdout.includes(`Here: ${storeLine}`), r.stdout);
    }
  });

  it('prints usage on stderr with exit code 2 when no command is given', async () => {
    const r = await keys([], env);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^usage: npm run keys -- <command>/);
  });

  it('create: the key alone on the last line of stdout, its id on a "created" line, the store on stderr', async () => {
    const r = await keys(['create', '--name', 'shape', '--quota', '1000', '--rate', '120/60'], env);
    assert.equal(r.code, 0, r.stderr);
    const out = lines(r.stdout);
    assert.match(out[out.length - 1]!, /^etk_[A-Za-z0-9_-]{43}$/);
    assert.match(r.stdout, /^created key_[0-9a-f]+ \(shape\); quota 1000; rate 120\/60s$/m);
    assert.deepEqual(lines(r.stderr), [storeLine]);
  });

  it('list: an aligned plain-text table with one row per key, numbers right-aligned', async () => {
    await keys(['create', '--name', 'a much longer name', '--quota', '5'], env);
    const revoked = /created (key_[0-9a-f]+)/.exec((await keys(['create', '--name', 'x'], env)).stdout)![1]!;
    assert.equal((await keys(['revoke', revoked], env)).code, 0);

    const r = await keys(['list'], env);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(lines(r.stderr), [storeLine]);
    const table = lines(r.stdout);
    assert.doesNotMatch(r.stdout, /\(index\)|['"]|[│┌┐└┘─┼├┤┬┴]/, 'no index column, quotes or box drawing');

    const spans = columnSpans(table);
    const cells = (line: string) => spans.map(([a, b]) => line.slice(a, b).trim());
    const header = ['id', 'name', 'created', 'revoked', 'quota', 'rate', `credits ${period()}`, `calls ${period()}`];
    header.push('budget', 'remaining');
    assert.deepEqual(cells(table[0]!), header, table.join('\n'));

    const listed = JSON.parse((await keys(['list', '--json'], env)).stdout) as Listed[];
    assert.equal(table.length, 1 + listed.length);
    const second = (iso: string) => iso.replace(/\.\d+Z$/, 'Z');
    listed.forEach((k, i) => {
      const line = table[i + 1]!;
      assert.deepEqual(cells(line), [
        k.id,
        k.name,
        second(k.created_at),
        k.revoked_at ? second(k.revoked_at) : '-',
        k.quota === null ? 'none' : String(k.quota),
        k.rate ? `${k.rate.requests}/${k.rate.window_s}s` : 'default',
        String(k.usage.credits),
        String(k.usage.calls),
        k.budget,
        k.remaining === null ? 'none' : String(k.remaining),
      ]);
      // Text starts where its column starts; numbers end where theirs ends.
      for (const c of [0, 1, 2, 3, 5]) assert.notEqual(line[spans[c]![0]], ' ', `column ${header[c]}: ${line}`);
      for (const c of [4, 6, 7, 9]) assert.notEqual(line[spans[c]![1] - 1], ' ', `column ${header[c]}: ${line}`);
    });
    assert.ok(listed.some((k) => k.id === revoked && k.revoked_at));
  });

  it('list --json: pure JSON on stdout with stable fields, never a key or its hash', async () => {
    const created = await keys(['create', '--name', 'json', '--rate', '8/2'], env);
    const key = lines(created.stdout).pop()!;
    const r = await keys(['list', '--json'], env);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(lines(r.stderr), [storeLine]);
    const listed = JSON.parse(r.stdout) as Listed[];
    const mine = listed.find((k) => k.name === 'json')!;
    const fields = ['id', 'name', 'created_at', 'revoked_at', 'quota', 'rate', 'usage', 'budget', 'remaining'];
    assert.deepEqual(Object.keys(mine), fields);
    assert.deepEqual(
      { ...mine, id: '', created_at: '' },
      {
        id: '',
        name: 'json',
        created_at: '',
        revoked_at: null,
        quota: null,
        rate: { requests: 8, window_s: 2 },
        usage: { period: period(), credits: 0, calls: 0 },
        budget: 'key',
        remaining: null,
      },
    );
    assert.ok(!r.stdout.includes(key), 'no key');
    assert.ok(!r.stdout.includes(createHash('sha256').update(key).digest('hex')), 'no hash');
    assert.doesNotMatch(r.stdout, /etk_|hash/);
  });

  it('refuses a wrong command line or an unknown id with one line on stderr and a non-zero exit code', async () => {
    const cases: Array<[string[], RegExp, number]> = [
      [['frobnicate'], /^keys: unknown command "frobnicate"/, 2],
      [['list', '--bogus'], /^keys list: unknown option --bogus/, 2],
      [['create', '--name', 'x', '--bogus'], /^keys create: unknown option --bogus/, 2],
      [['create', '--quota', '10'], /^keys create: --name NAME is required/, 2],
      [['create', '--name', 'x', '--quota', '1.5'], /^keys create: --quota must be a whole number .*"1\.5"/, 2],
      [['create', '--name', 'x', '--quota', 'lots'], /^keys create: --quota must be a whole number .*"lots"/, 2],
      [['create', '--name', 'x', '--rate', '100'], /^keys create: --rate must be N\/SECONDS .*"100"/, 2],
      [['create', '--name'], /^keys create: option --name needs a value/, 2],
      [['list', 'extra'], /^keys list: unexpected argument "extra"/, 2],
      [['revoke'], /^keys revoke: needs a key id/, 2],
      [['revoke', 'key_000000000000'], /^keys revoke: no key key_000000000000 in /, 1],
    ];
    for (const [args, message, code] of cases) {
      const r = await keys(args, env);
      assert.equal(r.code, code, `${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stdout, '', args.join(' '));
      assert.equal(lines(r.stderr).length, 1, r.stderr);
      assert.match(r.stderr, message);
      assert.doesNotMatch(r.stderr, /\bat .*\.(ts|js):\d+/, 'no stack trace');
    }
    // An unknown id is looked for where the keys are: the line says where.
    const r = await keys(['revoke', 'key_000000000000'], env);
    assert.ok(r.stderr.includes(`in ${path.join(dataDir, 'state')} (embedded, from DATA_DIR)`), r.stderr);
  });

  it('names the default ./data when DATA_DIR is unset, and never shows a database password', async () => {
    const unset = await keys(['list', '--help'], { DATA_DIR: '' });
    assert.ok(
      unset.stdout.includes(
        `Here: keys in ${path.join(root, 'data', 'state')} (embedded, DATA_DIR unset: default ./data)`,
      ),
      unset.stdout,
    );
    const url = 'postgres://ops:hunter2@db.example:5433/keys?sslmode=require&password=hunter2';
    const pgHelp = await keys(['list', '--help'], { DATABASE_URL: url });
    assert.ok(
      pgHelp.stdout.includes(
        'Here: keys in PostgreSQL postgres://ops@db.example:5433/keys?sslmode=require (distributed, from DATABASE_URL)',
      ),
      pgHelp.stdout,
    );
    assert.doesNotMatch(pgHelp.stdout, /hunter2/);
  });
});

/** Why PostgreSQL cannot be used here, or false. */
async function postgresUnavailable(): Promise<string | false> {
  try {
    const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
    await c.connect();
    await c.end();
    return false;
  } catch (err) {
    return `PostgreSQL is not reachable at ${PG_ADMIN_URL}: ${(err as Error).message}`;
  }
}

const unavailable = await postgresUnavailable();
// In CI the services must be there: a missing one fails the suite instead of skipping it.
if (unavailable && process.env.REQUIRE_SERVICES === '1') throw new Error(`keys CLI tests need ${unavailable}`);

describe('npm run keys, distributed backend', { skip: unavailable || false }, () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;

  before(async () => {
    db = await createDatabase();
  });
  after(async () => {
    await db?.drop();
  });

  it('names the PostgreSQL database it acts on, without its password', async () => {
    const shown = new URL(db.url);
    shown.password = '';
    // Trust authentication ignores a password, so one can be given to see that it is not shown.
    const withPassword = new URL(db.url);
    if (!withPassword.password) withPassword.password = 'hunter2';
    const env = { DATABASE_URL: withPassword.toString() };
    const storeLine = `keys in PostgreSQL ${shown.toString()} (distributed, from DATABASE_URL)`;

    const created = await keys(['create', '--name', 'pg'], env);
    assert.equal(created.code, 0, created.stderr);
    assert.deepEqual(lines(created.stderr), [storeLine]);
    const list = await keys(['list', '--json'], env);
    assert.equal(list.code, 0, list.stderr);
    assert.deepEqual(lines(list.stderr), [storeLine]);
    assert.deepEqual(
      (JSON.parse(list.stdout) as Listed[]).map((k) => k.name),
      ['pg'],
    );
    const unknown = await keys(['revoke', 'key_000000000000'], env);
    assert.equal(unknown.code, 1);
    assert.deepEqual(lines(unknown.stderr), [
      `keys revoke: no key key_000000000000 in PostgreSQL ${shown.toString()} (distributed, from DATABASE_URL); ` +
        '`npm run keys -- list` shows the ids',
    ]);
    for (const r of [created, list, unknown]) assert.ok(!(r.stdout + r.stderr).includes(withPassword.password));
  });
});
