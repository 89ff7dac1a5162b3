import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The house rules are lint rules (eslint.config.js at the root, run by `npm test`); these show
 * that they refuse what they should. Files are linted as if they sat at the given path.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
// ignore: false, so the cycle fixture (ignored by the normal lint run) is linted here.
const eslint = new ESLint({ cwd: root, ignore: false });

async function problems(file: string, code?: string): Promise<string[]> {
  const path = join(root, file);
  const [result] =
    code === undefined ? await eslint.lintFiles([path]) : await eslint.lintText(code, { filePath: path });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('module boundaries on the server', () => {
  it("refuses a module importing another module's tables", async () => {
    const found = await problems(
      'apps/server/src/modules/admin/fixture.ts',
      "import { users } from '../auth/tables.js';\nexport const table = users;\n",
    );
    expect(found).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*module="admin".*module="auth"/)]);
  });

  it("refuses a module importing another module's internal file or routes", async () => {
    for (const target of ['../payments/channels.js', '../payments/routes.js']) {
      const found = await problems(
        'apps/server/src/modules/admin/fixture.ts',
        `import * as m from '${target}';\nexport const x = m;\n`,
      );
      expect(found, target).toEqual([expect.stringMatching(/^boundaries\/dependencies:/)]);
    }
  });

  it("allows a module to use another module's service.ts, and its own files", async () => {
    const found = await problems(
      'apps/server/src/modules/admin/fixture.ts',
      "import { findPlayer } from '../auth/service.js';\nimport { adjustBalance } from './adjust.js';\nexport const x = [findPlayer, adjustBalance];\n",
    );
    expect(found).toEqual([]);
  });

  it('refuses a module importing the face of a module in a higher layer (module-layers.js)', async () => {
    const found = await problems(
      'apps/server/src/modules/payments/fixture.ts',
      "import { rollUp } from '../agents/service.js';\nexport const x = rollUp;\n",
    );
    expect(found).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*module="payments".*module="agents"/)]);
  });

  it('allows the faces of its own layer and the layers below', async () => {
    const found = await problems(
      'apps/server/src/modules/agents/fixture.ts',
      "import { claimRebate } from '../rebates/service.js';\nimport { findPlayer } from '../auth/service.js';\nimport { sendSystemMessage } from '../messages/service.js';\nexport const x = [claimRebate, findPlayer, sendSystemMessage];\n",
    );
    expect(found).toEqual([]);
  });

  it('refuses platform/ importing a module, even its service.ts', async () => {
    const found = await problems(
      'apps/server/src/platform/fixture.ts',
      "import { transfer } from '../modules/wallet/service.js';\nexport const x = transfer;\n",
    );
    expect(found).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"platform".*"module"/)]);
  });

  it("refuses the seed reaching into a module's internal file", async () => {
    const found = await problems(
      'apps/server/src/seed/fixture.ts',
      "import { createChannel } from '../modules/payments/channels.js';\nexport const x = createChannel;\n",
    );
    expect(found).toEqual([expect.stringMatching(/^boundaries\/dependencies:/)]);
  });
});

describe('transactions', () => {
  it('never begin in a route', async () => {
    const found = await problems(
      'apps/server/src/modules/admin/fixture-routes.ts',
      "import { inTransaction } from '../../platform/db.js';\nexport const x = inTransaction;\n",
    );
    expect(found).toEqual([expect.stringMatching(/^no-restricted-imports: .*routes call services/)]);
  });
});

describe('the web app', () => {
  it('refuses a feature importing another feature', async () => {
    const found = await problems(
      'apps/web/src/features/home/fixture.ts',
      "import * as other from '../auth/login-page';\nexport const x = other;\n",
    );
    expect(found).toEqual([expect.stringMatching(/^boundaries\/dependencies:/)]);
  });
});

describe('the operator console', () => {
  it('refuses a section importing another section, and lib importing a feature', async () => {
    const feature = await problems(
      'apps/admin/src/features/deposits/fixture.ts',
      "import * as other from '../withdrawals/texts';\nexport const x = other;\n",
    );
    expect(feature).toEqual([expect.stringMatching(/^boundaries\/dependencies:/)]);
    const lib = await problems(
      'apps/admin/src/lib/fixture.ts',
      "import * as page from '../features/audit/texts';\nexport const x = page;\n",
    );
    expect(lib).toEqual([expect.stringMatching(/^boundaries\/dependencies:/)]);
  });

  it('lets a section use the shared components and lib', async () => {
    const found = await problems(
      'apps/admin/src/features/deposits/fixture.ts',
      "import { ContractTable } from '../../components/contract-table';\nimport { call } from '../../lib/api';\nexport const x = [ContractTable, call];\n",
    );
    expect(found).toEqual([]);
  });
});

describe('import cycles', () => {
  it('are errors (`npm test` runs the lint, so a cycle fails it)', async () => {
    expect(await problems('apps/server/test/lint-fixtures/cycle/first.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-cycle:/),
    ]);
  });
});

describe("times on the site's clock", () => {
  const deviceZone = /^no-restricted-properties: .*device's time zone/;

  it('refuses formatting a time in the device zone outside the time module, in either app', async () => {
    const web = await problems(
      'apps/web/src/features/deposit/fixture.ts',
      'export const at = (d: Date) => `${d.getHours()}:${d.getMinutes()}`;\n',
    );
    expect(web).toEqual([expect.stringMatching(deviceZone), expect.stringMatching(deviceZone)]);
    const admin = await problems(
      'apps/admin/src/features/deposits/fixture.ts',
      'export const at = (iso: string) => new Date(iso).toLocaleString();\n',
    );
    expect(admin).toEqual([expect.stringMatching(deviceZone)]);
  });

  it('refuses it in the CLI too', async () => {
    const found = await problems(
      'apps/server/src/tools/fixture.ts',
      'export const day = (d: Date) => d.toLocaleDateString("zh-CN");\n',
    );
    expect(found).toEqual([expect.stringMatching(deviceZone)]);
  });

  it("lets the apps' time modules and UTC methods be", async () => {
    const utc = await problems(
      'apps/web/src/features/deposit/fixture.ts',
      'export const day = (d: Date) => d.getUTCDate();\n',
    );
    expect(utc).toEqual([]);
    const module = await problems('apps/web/src/lib/time.ts', 'export const hours = (d: Date) => d.getHours();\n');
    expect(module).toEqual([]);
  });
});

describe('dependencies', () => {
  it('refuse a bare import the workspace does not declare, though another one installed it', async () => {
    const web = await problems('apps/web/src/lib/fixture.ts', "import pino from 'pino';\nexport const x = pino;\n");
    expect(web).toEqual([expect.stringMatching(/^import-x\/no-extraneous-dependencies: 'pino'/)]);
    const server = await problems(
      'apps/server/src/platform/fixture.ts',
      "import { UserOutline } from 'antd-mobile-icons';\nexport const x = UserOutline;\n",
    );
    expect(server).toEqual([expect.stringMatching(/^import-x\/no-extraneous-dependencies: 'antd-mobile-icons'/)]);
  });

  it('allow what the workspace declares', async () => {
    const web = await problems(
      'apps/web/src/lib/fixture.ts',
      "import { UserOutline } from 'antd-mobile-icons';\nexport const x = UserOutline;\n",
    );
    const server = await problems(
      'apps/server/src/platform/fixture.ts',
      "import pino from 'pino';\nexport const x = pino;\n",
    );
    expect([...web, ...server]).toEqual([]);
  });
});

describe('fake APIs of the apps’ unit tests', () => {
  it('are made with fakeApi, never a fetch stub of their own', async () => {
    const stub = "import { vi } from 'vitest';\nvi.stubGlobal('fetch', vi.fn());\n";
    for (const file of [
      'apps/web/src/features/home/fixture.test.ts',
      'apps/admin/src/features/deposits/fixture.test.ts',
    ])
      expect(await problems(file, stub), file).toEqual([
        expect.stringMatching(/^no-restricted-syntax: Fake the API with fakeApi/),
      ]);
    const assigned = await problems(
      'apps/web/src/lib/fixture.test.ts',
      'globalThis.fetch = async () => new Response();\n',
    );
    expect(assigned).toEqual([expect.stringMatching(/^no-restricted-syntax:/)]);
  });
});

describe('sizes', () => {
  const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join('\n');

  it('refuses a function above 150 lines and a file above 450, in any app; blank lines and comments do not count', async () => {
    const longFunction = `export function f(): number {\n  let x = 0;\n${lines(150, () => '  x += 1;')}\n  return x;\n}\n`;
    expect(await problems('apps/web/src/lib/fixture.ts', longFunction)).toEqual([
      expect.stringMatching(/^max-lines-per-function: Function 'f' has too many lines \(154\)/),
    ]);
    const longFile = `${lines(451, (i) => `export const a${i} = 1;`)}\n`;
    expect(await problems('apps/admin/src/lib/fixture.ts', longFile)).toEqual([
      expect.stringMatching(/^max-lines: File has too many lines \(451\)/),
    ]);
    const commented = `export function f(): number {\n${lines(200, () => '  // why')}\n\n${lines(100, () => '')}\n  return 1;\n}\n`;
    expect(await problems('apps/server/src/platform/fixture.ts', commented)).toEqual([]);
  });

  it('leaves a long test alone', async () => {
    const longTest = `export function cases(): number[] {\n${lines(200, () => '  void 0;')}\n  return [];\n}\n`;
    expect(await problems('apps/web/src/lib/fixture.test.ts', longTest)).toEqual([]);
  });
});
