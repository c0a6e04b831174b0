import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { ROOT } from './helpers/paths.js';
import { sampleDataDir, startServerProcess, type ServerProcess } from './helpers/processes.js';

const run = promisify(execFile);

const KEY = 'python-client-key';
const PACKAGE = path.join(ROOT, 'clients/python');
const PYTHON_TESTS = path.join(PACKAGE, 'tests');

/**
 * The interpreter the package is installed with: PYTHON when set, else the system's
 * (Debian's python3-venv, python3-setuptools and python3-pandas belong to it), else
 * whatever `python3` the PATH finds.
 */
const PYTHON = process.env.PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');

/** Why the Python client cannot be installed here (no python3, venv, ensurepip or setuptools), or false. */
async function pythonUnavailable(): Promise<string | false> {
  try {
    await run(PYTHON, ['-c', 'import sys, venv, ensurepip, setuptools; assert sys.version_info >= (3, 9)']);
    return false;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    const why = (e.stderr ?? '').trim().split('\n').pop() || e.message;
    return `${PYTHON} cannot build a virtual environment with setuptools (python3-venv, python3-setuptools): ${why}`;
  }
}

const unavailable = await pythonUnavailable();
if (unavailable && process.env.REQUIRE_SERVICES === '1') throw new Error(`the Python client tests need ${unavailable}`);

/** A command's output, whether it succeeds or fails, and its exit code. */
async function runAll(
  file: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeout: number },
): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(file, args, { ...options, maxBuffer: 16 << 20 });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string; message: string };
    return { code: typeof e.code === 'number' ? e.code : 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}\n${e.message}` };
  }
}

describe('Python client against a real server', { skip: unavailable || undefined }, () => {
  let dataDir: string;
  let server: ServerProcess;
  let work: string;
  let venvPython: string;

  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-python-'));
    dataDir = await sampleDataDir();
    server = await startServerProcess({
      DATA_DIR: dataDir,
      BOOTSTRAP_API_KEY: KEY,
      RATE_LIMIT_REQUESTS: '10000',
      RATE_LIMIT_WINDOW_S: '60',
    });
  });
  after(async () => {
    await server?.stop('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('installs offline into a virtual environment (python3 -m venv, pip install --no-build-isolation)', async () => {
    // A copy of the package, so that the build leaves nothing (build/, *.egg-info) in the repository.
    const source = path.join(work, 'econtrade-src');
    cpSync(PACKAGE, source, {
      recursive: true,
      filter: (f) => !/(__pycache__|\.egg-info|[/\\]build|[/\\]tests)$/.test(f),
    });
    const venv = path.join(work, 'venv');
    // --system-site-packages: setuptools (for the build) and pandas come from the system.
    const venvArgs = ['-m', 'venv', '--system-site-packages', venv];
    const created = await runAll(PYTHON, venvArgs, { cwd: work, timeout: 120_000 });
    assert.equal(created.code, 0, `python3 -m venv failed:\n${created.out}`);
    venvPython = path.join(venv, 'bin', 'python');
    const installed = await runAll(
      venvPython,
      ['-m', 'pip', 'install', '--no-build-isolation', '--no-index', '--disable-pip-version-check', source],
      { cwd: work, timeout: 300_000 },
    );
    assert.equal(installed.code, 0, `pip install failed:\n${installed.out}`);
  });

  it('passes its own tests (clients/python/tests) against the server', async (t) => {
    assert.ok(venvPython, 'the package is not installed');
    const unittestArgs = ['-m', 'unittest', 'discover', '-v', '-s', PYTHON_TESTS, '-t', PYTHON_TESTS];
    const result = await runAll(venvPython, unittestArgs, {
      // Not the package's directory: the tests import the installed package.
      cwd: work,
      env: {
        ...process.env,
        ECONTRADE_URL: server.url,
        ECONTRADE_KEY: KEY,
        ECONTRADE_TMP: work,
        // In CI a missing pandas fails the DataFrame tests instead of skipping them.
        ECONTRADE_REQUIRE_PANDAS: process.env.REQUIRE_SERVICES === '1' ? '1' : '',
        PYTHONDONTWRITEBYTECODE: '1',
      },
      timeout: 300_000,
    });
    assert.equal(result.code, 0, `the Python tests failed:\n${result.out}`);
    const summary = result.out.match(/^Ran \d+ tests? in .*$/m)?.[0] ?? '';
    const status = result.out.match(/^OK.*$/m)?.[0] ?? '';
    t.diagnostic(`${summary} ${status}`);
    for (const skipped of result.out.match(/^.* skipped .*$/gm) ?? []) t.diagnostic(skipped);
  });
});
