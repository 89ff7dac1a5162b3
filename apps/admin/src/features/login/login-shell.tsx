import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Card, Flex, Space, Typography } from 'antd';
import type { operatorsAdmin, DataOf } from '@breakshot/contracts';
import { ErrorCode } from '@breakshot/contracts';
import { ApiError, errorText } from '../../lib/api';
import { paths } from '../../lib/paths';
import { setSession } from '../../lib/session';
import { siteTime } from '../../lib/time';
import { loginTexts as t } from './texts';

/* What the login page and the setup-link page share: the card they stand in, their attempts, the login's end. */

export type LoggedIn = DataOf<typeof operatorsAdmin.totpConfirm>;

function failure(err: unknown): string {
  if (err instanceof ApiError && err.code === ErrorCode.TOO_MANY && err.data?.retryAfter) {
    return `${err.msg}（${t.retryAfter(err.data.retryAfter)}）`;
  }
  return errorText(err);
}

/** One attempt at a time: busy while it runs, its refusal in the operator's words after. */
export function useAttempt() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}

/** Keeps the session, opens the console, and tells of wrong passwords or codes since the last login. */
export function useFinishLogin() {
  const navigate = useNavigate();
  const { notification } = App.useApp();
  return (done: LoggedIn) => {
    setSession({ token: done.token, operator: done.operator, expiresAt: done.expiresAt, timeZone: done.timeZone });
    void navigate(paths.home, { replace: true });
    const failed = done.failedLogins;
    if (failed) {
      // Stays until closed, without standing in the way of the console.
      notification.warning({
        title: t.failedTitle,
        description: t.failedText(failed.count, siteTime(failed.lastAt, { offset: true }), failed.lastIp),
        duration: 0,
        props: { 'data-testid': 'failed-logins' },
      });
    }
  };
}

/** The card on the console's blue, with its title, a subtitle and the last refusal. */
export function LoginShell({
  subtitle,
  wide,
  error,
  children,
}: {
  subtitle: string;
  wide?: boolean;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh', background: 'linear-gradient(135deg, #001529 0%, #0b3b73 60%, #1668dc 100%)' }}
    >
      <Card style={{ width: wide ? 440 : 400, boxShadow: '0 12px 40px rgba(0,0,0,.25)' }}>
        <Space orientation="vertical" size={4} style={{ width: '100%', marginBottom: 24, textAlign: 'center' }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t.title}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </Space>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
        {children}
      </Card>
    </Flex>
  );
}
