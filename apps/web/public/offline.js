// The offline page's retries (offline.html): every few seconds, when the device says it is online
// again, and on 重试, it asks the server for its smallest answer (/config.json, which the service
// worker never caches) and, once the server answers, loads the page again from the network.
(() => {
  const EVERY_SECONDS = 10;
  const TEXTS = {
    'zh-CN': {
      retry: '重试',
      trying: '正在重新连接…',
      next: (n) => `${n} 秒后自动重试`,
    },
    en: {
      title: 'You are offline',
      text: 'Breakshot cannot reach the network right now.',
      reload: 'The page reloads by itself once you are back online.',
      retry: 'Retry',
      trying: 'Reconnecting…',
      next: (n) => `Retrying in ${n} s`,
    },
  };
  // The app's language as it keeps it (apps/web lib/i18n.ts mirrors it into this cookie).
  const lang = /(?:^|;\s*)lang=en(?:;|$)/.test(document.cookie) ? 'en' : 'zh-CN';
  const t = TEXTS[lang];
  const $ = (id) => document.getElementById(id);
  const button = $('offline-retry');
  const status = $('offline-status');
  if (lang === 'en') {
    document.documentElement.lang = 'en';
    $('offline-title').textContent = t.title;
    $('offline-text').textContent = t.text;
    $('offline-reload').textContent = t.reload;
    button.textContent = t.retry;
  }

  let left = EVERY_SECONDS;
  let trying = false;

  async function retry() {
    if (trying) return;
    trying = true;
    button.disabled = true;
    status.textContent = t.trying;
    try {
      const res = await fetch('/config.json', { cache: 'no-store' });
      if (res.ok) {
        location.reload();
        return;
      }
    } catch {
      /* still offline */
    }
    trying = false;
    button.disabled = false;
    left = EVERY_SECONDS;
    status.textContent = t.next(left);
  }

  status.textContent = t.next(left);
  setInterval(() => {
    if (trying) return;
    left -= 1;
    if (left <= 0) void retry();
    else status.textContent = t.next(left);
  }, 1000);
  addEventListener('online', () => void retry());
  button.addEventListener('click', () => void retry());
})();
