import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The repository's eslint.config.js; the type-aware rules are off here, so no TypeScript program is built.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked });

/** The no-restricted-imports messages for `code` linted as the file `filePath` of the repository. */
async function restrictedImports(code, filePath) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const DEEP = "import { x } from '@portal/contract/src/schemas';\nexport const y = x;\n";
const BY_NAME = "import { x } from '@portal/contract';\nexport const y = x;\n";
const LITE = "import { x } from '@portal/contract/lite';\nexport const y = x;\n";
const OTHER_SUBPATH = "import { x } from '@portal/contract/units';\nexport const y = x;\n";

// The first lint loads the config and its plugins: seconds on a busy machine.
describe('eslint.config.js: import packages by their name only', { timeout: 60_000 }, () => {
  it.each(['apps/web/src/x.ts', 'apps/web/src/x.tsx', 'apps/api/src/x.ts', 'packages/charts/src/x.ts'])(
    'rejects a deep import in %s',
    async (file) => {
      expect(await restrictedImports(DEEP, file)).toEqual([
        expect.stringContaining('Import packages by their name only'),
      ]);
      expect(await restrictedImports(BY_NAME, file)).toEqual([]);
    },
  );

  it("allows the contract's zod-free entry point and no other subpath", async () => {
    expect(await restrictedImports(LITE, 'apps/web/src/x.tsx')).toEqual([]);
    expect(await restrictedImports(OTHER_SUBPATH, 'apps/web/src/x.tsx')).toEqual([
      expect.stringContaining('Import packages by their name only'),
    ]);
  });

  it('keeps the web app from importing API code', async () => {
    const code = "import { buildApp } from '@portal/api';\nexport const y = buildApp;\n";
    expect(await restrictedImports(code, 'apps/web/src/x.ts')).toEqual([
      expect.stringContaining('The web app never imports API code.'),
    ]);
  });
});
