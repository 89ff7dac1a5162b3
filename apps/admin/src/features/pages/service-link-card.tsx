import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Tag, Typography } from 'antd';
import { systemAdmin } from '@breakshot/contracts';
import { call, errorText } from '../../lib/api';
import { optionalFieldRule } from '../../lib/contract-rules';
import { callKey } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { pageTexts as t } from './texts';

const urlSchema = systemAdmin.siteServiceSave.request.shape.serviceUrl;

/** Where the player app's 联系在线客服 leads; none set: the app shows no such entry. */
export function ServiceLinkCard({ canSave }: { canSave: boolean }) {
  const [form] = Form.useForm<{ serviceUrl: string }>();
  const { data, error } = useQuery({
    queryKey: callKey(systemAdmin.siteServiceGet),
    queryFn: () => call(systemAdmin.siteServiceGet, {}),
  });
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  const save = useAction(systemAdmin.siteServiceSave, {
    done: (saved) => (saved.serviceUrl ? t.service.saved : t.service.cleared),
    refresh: [systemAdmin.siteServiceGet],
  });
  const current = data?.serviceUrl;
  return (
    <Card
      title={t.service.title}
      style={{ marginTop: 16 }}
      data-testid="service-card"
      extra={data && <Tag color={current ? 'green' : 'default'}>{current ? t.service.set : t.service.unset}</Tag>}
    >
      {error && <Alert type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} />}
      <Alert type="info" showIcon title={t.service.hint} style={{ marginBottom: 16 }} />
      <Form form={form} layout="inline" disabled={!canSave || !data} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="serviceUrl" label={t.service.url} rules={[optionalFieldRule(urlSchema)]}>
          <Input allowClear maxLength={300} placeholder={t.service.placeholder} style={{ width: 420 }} />
        </Form.Item>
        {canSave && (
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t.save}
            </Button>
          </Form.Item>
        )}
      </Form>
      {current && (
        <Typography.Link
          href={current}
          target="_blank"
          rel="noopener noreferrer"
          style={{ display: 'inline-block', marginTop: 12 }}
        >
          {current}
        </Typography.Link>
      )}
    </Card>
  );
}
