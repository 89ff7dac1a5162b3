import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { operatorsAdmin } from '@breakshot/contracts';
import { call } from '../../lib/api';
import { LoginShell, useAttempt, useFinishLogin } from './login-shell';
import { loginTexts as t } from './texts';
import { CODE, TotpEnrolment, type TotpSetup } from './totp-enrolment';

/** Password (+ TOTP code), or on the first login: QR code of the new TOTP secret, then a code. */
export default function LoginPage() {
  const finish = useFinishLogin();
  const { error, setError, busy, run } = useAttempt();
  const [setup, setSetup] = useState<TotpSetup | null>(null);

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

  const confirm = (code: string) =>
    run(async () => {
      if (!setup) return;
      finish(await call(operatorsAdmin.totpConfirm, { setupToken: setup.setupToken, code }));
    });

  return (
    <LoginShell subtitle={setup ? t.setupTitle : t.subtitle} wide={setup !== null} error={error}>
      {setup ? (
        <TotpEnrolment
          setup={setup}
          busy={busy}
          onConfirm={(code) => void confirm(code)}
          onBack={() => (setSetup(null), setError(null))}
        />
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
    </LoginShell>
  );
}
