import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, InputNumber, Tag, Typography } from 'antd';
import { kycAdmin } from '@breakshot/contracts';
import { ReadFailed } from '../../components/read-failed';
import { call } from '../../lib/api';
import { money, toMinor } from '../../lib/money';
import { callKey } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { kycTexts as t } from './texts';

/** The withdrawal amount above which a verified name is needed: everyone reads it, admin sets it. */
export function KycSettings() {
  const may = useMay();
  const [form] = Form.useForm<{ amount: number }>();
  const query = useQuery({
    queryKey: callKey(kycAdmin.kycSettingsGet),
    queryFn: () => call(kycAdmin.kycSettingsGet, {}),
  });
  const save = useAction(kycAdmin.kycSettingsSet, { done: t.saved, refresh: [kycAdmin.kycSettingsGet] });
  const data = query.data;
  return (
    <Card title={t.settingsTitle} variant="borderless" loading={query.isLoading} data-testid="kyc-settings">
      <ReadFailed query={query} />
      {data && (
        <>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t.requiredAmount}>
              <Typography.Text strong data-testid="kyc-required-amount">
                {data.requiredAmount === 0 ? t.never : money(data.requiredAmount)}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t.settingsHint}
          </Typography.Paragraph>
          {may(kycAdmin.kycSettingsSet) ? (
            <Form
              form={form}
              layout="inline"
              initialValues={{ amount: data.requiredAmount / 100 }}
              onFinish={(v) => save.mutate({ requiredAmount: toMinor(v.amount) })}
            >
              <Form.Item name="amount" label={t.edit} rules={[{ required: true }]}>
                <InputNumber min={0} precision={2} prefix="¥" style={{ width: 180 }} aria-label={t.edit} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="kyc-settings-save">
                {t.save}
              </Button>
            </Form>
          ) : (
            <Tag>{t.adminOnly}</Tag>
          )}
        </>
      )}
    </Card>
  );
}
