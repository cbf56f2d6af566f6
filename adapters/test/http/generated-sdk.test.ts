import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@hey-api/openapi-ts';
import { afterAll, describe, expect, it } from 'vitest';
import { sdkConfig } from '../../../sdk/openapi-ts.config.js';

const committed = path.resolve(import.meta.dirname, '../../../sdk/src/generated');
const fresh = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-sdk-'));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();

afterAll(() => rmSync(fresh, { recursive: true, force: true }));

describe('the SDK generated from openapi.yaml', () => {
  it('is up to date (run "npm run gen:sdk" after changing the contract)', async () => {
    await createClient({ ...sdkConfig(fresh), logs: { file: false, level: 'silent' } });

    const message = 'run "npm run gen:sdk" after changing the contract';
    expect(filesUnder(committed), message).toEqual(filesUnder(fresh));
    for (const file of filesUnder(fresh)) {
      expect(readFileSync(path.join(committed, file), 'utf8'), `${file}: ${message}`).toBe(readFileSync(path.join(fresh, file), 'utf8'));
    }
  });
});
