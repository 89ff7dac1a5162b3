import { firstPaint } from './draw';

// Run by index.html right after #root, before the app's modules (draw.ts). Without storage (a
// browser that refuses it) there is nothing to draw from: the app draws the page itself.
try {
  const root = document.getElementById('root');
  if (root) firstPaint(root, location.pathname, localStorage);
} catch {
  /* nothing drawn */
}
