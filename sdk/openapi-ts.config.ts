import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from '@hey-api/openapi-ts';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * The generator's settings, in one place for `npm run gen:sdk` and the freshness test
 * (adapters/test/http/generated-sdk.test.ts), which generates into a temp folder and compares.
 * Paths are absolute so the result does not depend on the working directory.
 */
export function sdkConfig(outputPath = here('./src/generated')): UserConfig {
  return {
    input: here('../openapi.yaml'),
    // `.js` on relative imports: the generated code then type-checks under Bundler and NodeNext alike.
    output: { path: outputPath, module: { extension: '.js' } },
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
    logs: { file: false },
  };
}

export default defineConfig(sdkConfig());
