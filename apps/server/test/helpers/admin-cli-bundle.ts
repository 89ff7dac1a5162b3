import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SOURCE = fileURLToPath(new URL('../../src/tools/admin-cli.ts', import.meta.url));
/** Under the server's node_modules, so that the packages the bundle leaves out resolve as they do for its sources. */
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));

/**
 * The operator CLI (`npm run admin`) as one file, bundled from its sources once per run
 * (global-setup.ts): a test that runs it then starts Node on plain JavaScript, about a third of a
 * CPU-second, where tsx compiled the CLI's sources on every run (about one; over a hundred runs a
 * suite). Our own code and the contracts are bundled; the packages are imported as installed.
 */
export async function bundleAdminCli(): Promise<{ file: string; remove: () => void }> {
  mkdirSync(CACHE, { recursive: true });
  const file = `${CACHE}admin-cli-${process.pid}.mjs`;
  await build({
    entryPoints: [SOURCE],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    conditions: ['source'],
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-as-installed',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, ({ path }) =>
            path.startsWith('@breakshot/') ? undefined : { external: true },
          );
        },
      },
    ],
  });
  return { file, remove: () => rmSync(file, { force: true }) };
}
