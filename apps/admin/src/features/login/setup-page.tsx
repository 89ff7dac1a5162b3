import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Result, Skeleton, Tag } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { operatorsAdmin } from '@breakshot/contracts';
import { call, errorText } from '../../lib/api';
import { fieldRule } from '../../lib/contract-rules';
import { paths } from '../../lib/paths';
import { roleLabels } from '../../lib/session';
import { dateTime } from '../../lib/time';
import { LoginShell, useAttempt, useFinishLogin } from './login-shell';
import { loginTexts as t } from './texts';
import { TotpEnrolment, type TotpSetup } from './totp-enrolment';

interface Values {
  password: string;
  repeat: string;
}

/**
 * /setup/<token>: an operator an admin created in the console sets the password, then enrols the
 * authenticator, and is logged in (docs/security.md, "Operator setup links"). A used, replaced
 * or expired link says so and points to the login page.
 */
export default function SetupPage() {
  const { token = '' } = useParams();
  const finish = useFinishLogin();
  const { error, busy, run } = useAttempt();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const link = useQuery({
    queryKey: ['setup-link', token],
    queryFn: () => call(operatorsAdmin.setupLinkCheck, { token }),
    retry: false,
  });

  const setPassword = (v: Values) =>
    run(async () => setSetup(await call(operatorsAdmin.setupLinkUse, { token, password: v.password })));
  const confirm = (code: string) =>
    run(async () => {
      if (!setup) return;
      finish(await call(operatorsAdmin.totpConfirm, { setupToken: setup.setupToken, code }));
    });

  if (link.error && !setup) {
    return (
      <LoginShell subtitle={t.setupLinkTitle} error={null}>
        <Result
          status="warning"
          title={errorText(link.error)}
          extra={<Link to={paths.login}>{t.toLogin}</Link>}
          data-testid="setup-link-ended"
        />
      </LoginShell>
    );
  }
  return (
    <LoginShell subtitle={setup ? t.setupTitle : t.setupLinkTitle} wide error={error}>
      {setup ? (
        <TotpEnrolment setup={setup} busy={busy} onConfirm={(code) => void confirm(code)} />
      ) : !link.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <>
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }} data-testid="setup-link-operator">
            <Descriptions.Item label={t.username}>{link.data.operator.username}</Descriptions.Item>
            <Descriptions.Item label={t.role}>
              <Tag>{roleLabels[link.data.operator.role]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t.linkValidUntil}>{dateTime(link.data.expiresAt)}</Descriptions.Item>
          </Descriptions>
          <Alert type="info" showIcon title={t.setupLinkHelp} style={{ marginBottom: 16 }} />
          <Form<Values> layout="vertical" onFinish={setPassword} requiredMark={false}>
            <Form.Item
              name="password"
              label={t.newPassword}
              rules={[fieldRule(operatorsAdmin.setupLinkUse.request.shape.password)]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="repeat"
              label={t.repeatPassword}
              dependencies={['password']}
              rules={[
                { required: true, message: t.required },
                ({ getFieldValue }) => ({
                  validator: async (_, value: string) => {
                    if (value && value !== getFieldValue('password')) throw new Error(t.passwordsDiffer);
                  },
                }),
              ]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t.setPassword}
            </Button>
          </Form>
        </>
      )}
    </LoginShell>
  );
}
