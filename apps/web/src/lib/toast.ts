import { t } from './i18n';

/**
 * antd-mobile's Toast pulls in its animation library (~25 KB gzip), so it is loaded on first use
 * instead of with the start-up bundle.
 */
async function loadToast() {
  const [{ default: Toast }, { setupAntdRender }] = await Promise.all([
    import('antd-mobile/es/components/toast'),
    import('./antd-render'),
  ]);
  setupAntdRender();
  return Toast;
}

export async function showToast(content: string, icon?: 'success' | 'fail' | 'loading'): Promise<void> {
  const Toast = await loadToast();
  Toast.show({ content, icon, duration: icon === 'loading' ? 0 : 2000 });
}

export async function clearToasts(): Promise<void> {
  const Toast = await loadToast();
  Toast.clear();
}

/** Text for a rejected call: the server's message, or a network/timeout text. */
export function errorText(err: unknown): string {
  if (err && typeof err === 'object' && 'code' in err && 'msg' in err) {
    const e = err as { code: number; msg: string };
    if (e.code === 0) return t(e.msg === 'timeout' ? 'common.timeout' : 'common.networkError');
    return e.msg;
  }
  return t('common.networkError');
}
