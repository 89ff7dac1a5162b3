import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

// Dev and preview talk to a running server (npm start: port 3000; override with API_PROXY): its
// calls, and the console's live connection (/ws/console, a WebSocket).
const target = process.env.API_PROXY ?? 'http://127.0.0.1:3000';
const proxy = () => ({ '/api': target, '/ws': { target, ws: true } });

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file of the build, as apps/web does: the
 * server sends them as they are (@fastify/static `preCompressed`) instead of compressing antd on
 * every request.
 */
const precompress: Plugin = {
  name: 'breakshot:precompress',
  apply: 'build',
  writeBundle(options) {
    const visit = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          visit(path);
          continue;
        }
        if (!/\.(?:js|css|html|svg)$/.test(name) || statSync(path).size < 1024) continue;
        const content = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    };
    if (options.dir) visit(options.dir);
  },
};

const VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  // The server serves the console at /admin/ (apps/server/src/platform/web-app.ts).
  base: '/admin/',
  plugins: [react(), precompress],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: VENDOR, priority: 20 },
            { name: 'echarts', test: /[\\/]node_modules[\\/](echarts|zrender)[\\/]/, priority: 15 },
            {
              name: 'antd',
              test: /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|dayjs)[\\/]/,
              priority: 10,
            },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 5 },
          ],
        },
      },
    },
  },
  server: { port: 5174, proxy: proxy() },
  preview: { port: 4174, proxy: proxy() },
});
