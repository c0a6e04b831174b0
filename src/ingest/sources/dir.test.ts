import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadSettings } from '../../settings.js';
import { shippedSourcesDir, sourcesDir } from './dir.js';

describe('source catalogue folder', () => {
  it('is the repository’s sources/ unless SOURCES_DIR names another', () => {
    const shipped = shippedSourcesDir();
    assert.equal(path.basename(path.resolve(shipped)), 'sources');
    assert.ok(existsSync(path.join(shipped, 'worldbank.json')));
    assert.equal(sourcesDir(loadSettings({})), shipped);
    assert.equal(sourcesDir(loadSettings({ SOURCES_DIR: '' })), shipped);
    assert.equal(sourcesDir(loadSettings({ SOURCES_DIR: '/srv/sources' })), '/srv/sources');
  });
});
