import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  InputNumber,
  Row,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { paymentsAdmin, withdrawalsAdmin } from '@breakshot/contracts';
import { call, errorText } from '../../lib/api';
import { money, toMinor } from '../../lib/money';
import { callKey } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { channelTexts as t } from './texts';

type Channel = paymentsAdmin.AdminChannel;

function EnabledSwitch({ channel }: { channel: Channel }) {
  const may = useMay();
  const set = useAction(paymentsAdmin.channelSetEnabled, {
    done: (c) => (c.enabled ? t.switchedOn(c.name) : t.switchedOff(c.name)),
    refresh: [paymentsAdmin.channelsList],
  });
  const sw = (
    <Switch
      checked={channel.enabled}
      loading={set.isPending}
      disabled={!may(paymentsAdmin.channelSetEnabled) || (!channel.available && !channel.enabled)}
      onChange={(enabled) => set.mutate({ id: channel.id, enabled })}
      aria-label={`${t.enabled} ${channel.name}`}
    />
  );
  return channel.available ? sw : <Tooltip title={t.unavailable}>{sw}</Tooltip>;
}

const columns: ColumnsType<Channel> = [
  { title: t.id, dataIndex: 'id', width: 70 },
  { title: t.name, dataIndex: 'name' },
  { title: t.type, dataIndex: 'type', render: (v: string) => <Tag color="blue">{t.types[v] ?? v}</Tag> },
  {
    title: t.adapter,
    dataIndex: 'adapter',
    render: (v: string, c: Channel) => (
      <>
        <Tag>{t.adapters[v] ?? v}</Tag>
        {!c.available && <Tag color="red">{t.unavailable}</Tag>}
      </>
    ),
  },
  {
    title: t.limits,
    key: 'limits',
    render: (_: unknown, c: Channel) => `${money(c.minAmount)} – ${money(c.maxAmount)}`,
  },
  { title: t.enabled, key: 'enabled', width: 90, render: (_: unknown, c: Channel) => <EnabledSwitch channel={c} /> },
];

function UsdtRate() {
  const [form] = Form.useForm<{ rate: number }>();
  const save = useAction(paymentsAdmin.usdtRateSet, { done: (d) => t.rateSaved(d.rate, d.previous) });
  return (
    <Card title={t.usdt} variant="borderless">
      <Typography.Paragraph type="secondary">{t.usdtHint}</Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={(v) => save.mutate({ rate: v.rate })}>
        <Form.Item name="rate" label={t.rate} rules={[{ required: true, message: t.rateRequired }]}>
          <InputNumber min={0.0001} max={100000} step={0.01} precision={4} style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t.save}
        </Button>
      </Form>
    </Card>
  );
}

function WithdrawSettings() {
  const may = useMay();
  const [form] = Form.useForm<{ amount: number }>();
  const { data, error } = useQuery({
    queryKey: callKey(withdrawalsAdmin.withdrawSettingsGet),
    queryFn: () => call(withdrawalsAdmin.withdrawSettingsGet, {}),
  });
  const save = useAction(withdrawalsAdmin.dualApprovalSet, {
    done: t.dualApprovalSaved,
    refresh: [withdrawalsAdmin.withdrawSettingsGet],
  });
  if (error) return <Alert type="error" showIcon title={errorText(error)} />;
  return (
    <Card title={t.withdrawSettings} variant="borderless" loading={!data}>
      {data && (
        <>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t.minAmount}>{money(data.minAmount)}</Descriptions.Item>
            <Descriptions.Item label={t.maxAmount}>{money(data.maxAmount)}</Descriptions.Item>
            <Descriptions.Item label={t.feeRate}>{(data.feeRateBps / 100).toFixed(2)}%</Descriptions.Item>
            <Descriptions.Item label={t.feeMin}>{money(data.feeMinAmount)}</Descriptions.Item>
            <Descriptions.Item label={t.dualApproval}>
              <Typography.Text strong>{money(data.dualApprovalAmount)}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t.dualApprovalHint}
          </Typography.Paragraph>
          {may(withdrawalsAdmin.dualApprovalSet) ? (
            <Form
              form={form}
              layout="inline"
              initialValues={{ amount: data.dualApprovalAmount / 100 }}
              onFinish={(v) => save.mutate({ dualApprovalAmount: toMinor(v.amount) })}
            >
              <Form.Item name="amount" label={t.dualApprovalEdit} rules={[{ required: true }]}>
                <InputNumber min={0.01} precision={2} prefix="¥" style={{ width: 180 }} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
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

export default function ChannelsPage() {
  const may = useMay();
  const { data, error, isLoading } = useQuery({
    queryKey: callKey(paymentsAdmin.channelsList),
    queryFn: () => call(paymentsAdmin.channelsList, {}),
  });
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card title={t.channels} variant="borderless">
          {error ? (
            <Alert type="error" showIcon title={errorText(error)} />
          ) : (
            <Table<Channel>
              rowKey="id"
              columns={columns}
              dataSource={data?.list ?? []}
              loading={isLoading}
              pagination={false}
            />
          )}
        </Card>
      </Col>
      {may(paymentsAdmin.usdtRateSet) && (
        <Col xs={24} xl={12}>
          <UsdtRate />
        </Col>
      )}
      {may(withdrawalsAdmin.withdrawSettingsGet) && (
        <Col xs={24} xl={12}>
          <WithdrawSettings />
        </Col>
      )}
    </Row>
  );
}
