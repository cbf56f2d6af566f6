import { readFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

describe('types generated from openapi.yaml', () => {
  it.each(['contract/api-types.d.ts'])(
    '%s is up to date (run "npm run gen:api" after changing the contract)',
    async (file) => {
      const ast = await openapiTS(new URL(`file://${path.join(root, 'openapi.yaml')}`));
      const committed = readFileSync(path.join(root, file), 'utf8');
      const strip = (s: string) => s.replace(/^\/\*\*[\s\S]*?\*\/\s*/, '').trim();
      expect(strip(committed)).toBe(strip(astToString(ast)));
    },
  );
});
