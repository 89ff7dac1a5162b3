import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Button, Card, Flex, Form, Input, QRCode, Space, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { ErrorCode, operatorsAdmin, type DataOf } from '@breakshot/contracts';
import { ApiError, call, errorText } from '../../lib/api';
import { paths } from '../../lib/paths';
import { setSession } from '../../lib/session';
import { siteTime } from '../../lib/time';
import { loginTexts as t } from './texts';

type LoginData = DataOf<typeof operatorsAdmin.login>;
type Setup = Extract<LoginData, { stage: 'totp_setup' }>;
type Done = Extract<LoginData, { stage: 'done' }>;

const CODE = /^\d{6}$/;

function failure(err: unknown): string {
  if (err instanceof ApiError && err.code === ErrorCode.TOO_MANY && err.data?.retryAfter) {
    return `${err.msg}（${t.retryAfter(err.data.retryAfter)}）`;
  }
  return errorText(err);
}

/** Password (+ TOTP code), or on the first login: QR code of the new TOTP secret, then a code. */
export default function LoginPage() {
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = (done: Done) => {
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

  const login = (v: { username: string; password: string; code?: string }) =>
    run(async () => {
      const r = await call(operatorsAdmin.login, {
        username: v.username,
        password: v.password,
        code: v.code ? v.code : undefined,
      });
      if (r.stage === 'done') finish(r);
      else setSetup(r);
    });

  const confirm = (v: { code: string }) =>
    run(async () => {
      if (!setup) return;
      finish(await call(operatorsAdmin.totpConfirm, { setupToken: setup.setupToken, code: v.code }));
    });

  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh', background: 'linear-gradient(135deg, #001529 0%, #0b3b73 60%, #1668dc 100%)' }}
    >
      <Card style={{ width: setup ? 440 : 400, boxShadow: '0 12px 40px rgba(0,0,0,.25)' }}>
        <Space orientation="vertical" size={4} style={{ width: '100%', marginBottom: 24, textAlign: 'center' }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t.title}
          </Typography.Title>
          <Typography.Text type="secondary">{setup ? t.setupTitle : t.subtitle}</Typography.Text>
        </Space>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
        {setup ? (
          <Form layout="vertical" onFinish={confirm} requiredMark={false}>
            <Typography.Paragraph type="secondary">{t.setupHelp}</Typography.Paragraph>
            <Flex vertical align="center" gap={12} style={{ marginBottom: 16 }}>
              <div data-testid="totp-qr">
                <QRCode value={setup.otpauthUrl} size={180} />
              </div>
              <Typography.Text>
                {t.secret}：
                <Typography.Text code copyable data-testid="totp-secret">
                  {setup.secret}
                </Typography.Text>
              </Typography.Text>
            </Flex>
            <Form.Item
              name="code"
              label={t.code}
              rules={[
                { required: true, message: t.required },
                { pattern: CODE, message: t.codeFormat },
              ]}
            >
              <Input prefix={<SafetyOutlined />} maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t.confirm}
            </Button>
            <Button type="link" block onClick={() => (setSetup(null), setError(null))} style={{ marginTop: 8 }}>
              {t.back}
            </Button>
          </Form>
        ) : (
          <Form layout="vertical" onFinish={login} requiredMark={false} size="large">
            <Form.Item name="username" label={t.username} rules={[{ required: true, message: t.required }]}>
              <Input prefix={<UserOutlined />} autoComplete="username" />
            </Form.Item>
            <Form.Item name="password" label={t.password} rules={[{ required: true, message: t.required }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
            <Form.Item name="code" label={t.code} extra={t.codeHint} rules={[{ pattern: CODE, message: t.codeFormat }]}>
              <Input prefix={<SafetyOutlined />} maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t.submit}
            </Button>
          </Form>
        )}
      </Card>
    </Flex>
  );
}
