import { Button, Flex, Form, Input, QRCode, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import type { DataOf, operatorsAdmin } from '@breakshot/contracts';
import { loginTexts as t } from './texts';

export type TotpSetup = DataOf<typeof operatorsAdmin.setupLinkUse>;

export const CODE = /^\d{6}$/;

/** The new authenticator secret as a QR code and as text, and the first code that confirms it. */
export function TotpEnrolment({
  setup,
  busy,
  onConfirm,
  onBack,
}: {
  setup: TotpSetup;
  busy: boolean;
  onConfirm: (code: string) => void;
  onBack?: () => void;
}) {
  return (
    <Form layout="vertical" onFinish={(v: { code: string }) => onConfirm(v.code)} requiredMark={false}>
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
      {onBack && (
        <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
          {t.back}
        </Button>
      )}
    </Form>
  );
}
