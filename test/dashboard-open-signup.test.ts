import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startCluster } from './helpers/cluster.js';
import { Browser } from './helpers/dashboard-client.js';
import { accountsCli, logLines, sampleDataDir, servicesUnavailable, startServerProcess } from './helpers/processes.js';

/*
 * SIGNUP=open (the default without SMTP_URL) gives an account to any address at once:
 * the start says so in a warning, and such an account gets OPEN_SIGNUP_QUOTA_CREDITS a
 * month, not DEFAULT_QUOTA_CREDITS (which accounts made otherwise keep).
 */
const PASSWORD = 'tidal-mosaic-quartz-87';
const OPEN_SIGNUP_QUOTA_CREDITS = 5;
const DEFAULT_QUOTA_CREDITS = 10_000;

interface OpenServer {
  url: string;
  /** What `npm run accounts` needs to reach the server's accounts. */
  cliEnv: Record<string, string>;
  output(): string;
  stop(): Promise<void>;
}

async function embeddedServer(env: Record<string, string>): Promise<OpenServer> {
  const dataDir = await sampleDataDir();
  const server = await startServerProcess({ DATA_DIR: dataDir, ...env });
  return {
    url: server.url,
    cliEnv: { DATA_DIR: dataDir },
    output: () => server.output(),
    async stop() {
      await server.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function distributedServer(env: Record<string, string>): Promise<OpenServer> {
  const cluster = await startCluster(env, 1);
  const replica = cluster.replicas[0]!;
  return { url: replica.url, cliEnv: cluster.env, output: () => replica.output(), stop: () => cluster.close() };
}

/** The credits left after one call of `/v1/countries` (1 credit) with `key`, once the server knows the key. */
async function remainingAfterACall(url: string, key: string): Promise<number> {
  for (let i = 0; i < 40; i++) {
    const r = await fetch(`${url}/v1/countries`, { headers: { authorization: `Bearer ${key}` } });
    await r.arrayBuffer();
    if (r.status === 200) return Number(r.headers.get('x-credits-remaining'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail('the new key never worked');
}

function openSignupSuite(name: string, start: (env: Record<string, string>) => Promise<OpenServer>, skip = false) {
  describe(`SIGNUP=open with OPEN_SIGNUP_QUOTA_CREDITS, ${name}`, { skip }, () => {
    let server: OpenServer;
    before(async () => {
      server = await start({ OPEN_SIGNUP_QUOTA_CREDITS: String(OPEN_SIGNUP_QUOTA_CREDITS) });
    });
    after(async () => {
      await server?.stop();
    });

    it('warns at start that anyone gets credits, naming the settings that change it', async () => {
      let warning: Record<string, unknown> | undefined;
      // Log lines are written in batches, at most 200 ms apart.
      for (let i = 0; i < 50 && !warning; i++) {
        warning = logLines(server.output()).find((l) => String(l.msg).startsWith('SIGNUP=open'));
        if (!warning) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.ok(warning, server.output());
      assert.equal(warning.level, 'warn');
      assert.equal(warning.open_signup_quota_credits, OPEN_SIGNUP_QUOTA_CREDITS);
      for (const words of ['throwaway', `${OPEN_SIGNUP_QUOTA_CREDITS} credits a month`, 'SMTP_URL', 'SIGNUP=closed'])
        assert.ok(String(warning.msg).includes(words), words);
    });

    it('gives the keys of an open sign-up OPEN_SIGNUP_QUOTA_CREDITS; other accounts keep the default', async () => {
      const browser = new Browser(server.url);
      await browser.signUp('throwaway@example.com', PASSWORD);
      const { key } = await browser.createKey('open');
      assert.equal(await remainingAfterACall(server.url, key), OPEN_SIGNUP_QUOTA_CREDITS - 1);
      const usage = (await browser.request('/dashboard/usage')).text;
      assert.ok(usage.includes(`<dd id="credits-remaining">${OPEN_SIGNUP_QUOTA_CREDITS - 1}</dd>`), usage);

      const cli = await accountsCli(['create-user', '--email', 'member@example.com'], server.cliEnv, `${PASSWORD}\n`);
      assert.equal(cli.code, 0, cli.stderr);
      const member = new Browser(server.url);
      await member.signIn('member@example.com', PASSWORD);
      const made = await member.createKey('operator-made account');
      assert.equal(await remainingAfterACall(server.url, made.key), DEFAULT_QUOTA_CREDITS - 1);
    });
  });
}

openSignupSuite('embedded backend', embeddedServer);
const unavailable = await servicesUnavailable();
if (unavailable && process.env.REQUIRE_SERVICES === '1')
  throw new Error(`the distributed open sign-up tests need Redis and PostgreSQL: ${unavailable}`);
openSignupSuite('distributed backend', distributedServer, Boolean(unavailable));
