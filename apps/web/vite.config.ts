import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const target = process.env.API_PROXY ?? 'http://127.0.0.1:3000';
const proxy = () => ({
  '/api': target,
  '/config.json': target,
  '/ws': { target: target.replace(/^http/, 'ws'), ws: true },
});

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // zod and the contracts load only with the pages that validate forms; kept apart so each
        // lazy chunk stays under the 25 KB budget (scripts/size-check.mjs).
        codeSplitting: {
          groups: [
            // One start-up vendor chunk compresses better than many small ones.
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|zustand|cookie|set-cookie-parser)[\\/]/,
              priority: 10,
            },
            { name: 'zod-core', test: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]/, priority: 5 },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            { name: 'contracts', test: /[\\/]packages[\\/]contracts[\\/]/ },
          ],
        },
      },
    },
  },
  // Dev and preview talk to a running server (npm start: port 3000; override with API_PROXY).
  server: { proxy: proxy() },
  preview: { port: 4173, proxy: proxy() },
});
