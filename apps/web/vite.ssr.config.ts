import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appVersion } from './vite.config';

/*
 * The server's build of the player app (src/ssr/entry-server.tsx, docs/design.md §2, "Pages rendered on the server"): one ES
 * module for Node with every dependency bundled in, in one file, written to dist-ssr/ beside the app's dist/
 * (the server loads it from there: apps/server platform/page-render.ts). Styles are the browser
 * build's; the server links them from its manifest.
 */
export default defineConfig({
  plugins: [react()],
  // The version /user/guanyu shows, as the browser's build has it (its skeleton is drawn here too).
  define: { __APP_VERSION__: JSON.stringify(appVersion()) },
  resolve: { conditions: ['source'] },
  ssr: { noExternal: true },
  publicDir: false,
  build: {
    ssr: 'src/ssr/entry-server.tsx',
    outDir: 'dist-ssr',
    target: 'node20',
    emptyOutDir: true,
    // One file: the server imports it afresh after a new build (a query in its URL), and split chunks
    // importing the entry back would load a second copy of React beside the fresh one.
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
