import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Dev and preview talk to a running server (npm start: port 3000; override with API_PROXY).
const target = process.env.API_PROXY ?? 'http://127.0.0.1:3000';
const proxy = () => ({ '/api': target });

const VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  // The server serves the console at /admin/ (apps/server/src/platform/web-app.ts).
  base: '/admin/',
  plugins: [react()],
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
