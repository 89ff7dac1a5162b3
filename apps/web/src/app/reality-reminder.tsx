import * as routes from '@breakshot/client/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { confirmDialog } from '../components/ui/confirm';
import { call } from '../lib/http';
import { addResources, t } from '../lib/i18n';
import { pathTo } from '../lib/paths';
import { LIMITS_QUERY_KEY } from '../lib/query-client';
import { useSession } from '../lib/session';
import { SESSION_STARTED_KEY, SESSION_TTL_MS, storage } from '../lib/storage';

addResources({
  'zh-CN': {
    'reminder.title': '游戏时长提醒',
    'reminder.body': '您本次已游戏 {{minutes}} 分钟。请注意休息，理性娱乐。',
    'reminder.continue': '继续游戏',
    'reminder.logout': '退出登录',
  },
  en: {
    'reminder.title': 'Reality check',
    'reminder.body': 'You have been playing for {{minutes}} minutes. Take a break and play responsibly.',
    'reminder.continue': 'Keep playing',
    'reminder.logout': 'Log out',
  },
});

const MINUTE_MS = 60_000;

/** The next reminder after `now`: every `intervalMs` counted from the session's start. */
export function nextReminderAt(startedAt: number, intervalMs: number, now: number): number {
  return startedAt + (Math.floor(Math.max(0, now - startedAt) / intervalMs) + 1) * intervalMs;
}

/**
 * When this login began: noted (with its token) the first time the reminder runs for a token, so a
 * reload keeps counting and a new login starts again.
 */
export function sessionStart(token: string): number {
  const stored = storage.get<{ token: string; at: number }>(SESSION_STARTED_KEY);
  if (stored?.token === token) return stored.at;
  const at = Date.now();
  storage.set(SESSION_STARTED_KEY, { token, at }, SESSION_TTL_MS);
  return at;
}

/**
 * The reality reminder (docs/design.md §8), on every page: with an interval set in the player's
 * limits, a dialog every N minutes of session time tells the time played and offers to go on
 * or to log out.
 */
export default function RealityReminder() {
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  const { data } = useQuery({
    queryKey: LIMITS_QUERY_KEY,
    queryFn: () => call(routes.limits.get, {}),
    enabled: token !== null,
  });
  const minutes = token ? (data?.reminderMinutes ?? null) : null;

  useEffect(() => {
    if (!minutes || !token) return;
    const interval = minutes * MINUTE_MS;
    const started = sessionStart(token);
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const schedule = () => {
      timer = setTimeout(() => void remind(), nextReminderAt(started, interval, Date.now()) - Date.now());
    };
    const remind = async () => {
      const played = Math.round((Date.now() - started) / MINUTE_MS);
      const goOn = await confirmDialog({
        title: t('reminder.title'),
        content: t('reminder.body', { minutes: played }),
        confirmText: t('reminder.continue'),
        cancelText: t('reminder.logout'),
      });
      if (stopped) return;
      if (goOn) {
        schedule();
        return;
      }
      await useSession.getState().logout();
      void navigate(pathTo('home'), { replace: true });
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [minutes, token, navigate]);

  return null;
}
