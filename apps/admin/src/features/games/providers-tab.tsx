import { useState } from 'react';
import { Alert, App, Button, Card, Form, InputNumber, Modal, Space, Switch, Table, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { gamesAdmin } from '@breakshot/contracts';
import { errorText } from '../../lib/api';
import { dateTime } from '../../lib/time';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { gameTypeTags } from './game-types';
import { ProviderForm } from './provider-form';
import { chosen } from './rules';
import { gamesTexts as t } from './texts';
import { useProviders } from './use-providers';

type Provider = gamesAdmin.AdminProvider;

/** Switching a provider off stops its games and new bets at once (open rounds still settle): asked first. */
function EnabledSwitch({ provider }: { provider: Provider }) {
  const may = useMay();
  const { modal } = App.useApp();
  const set = useAction(gamesAdmin.providerEnable, {
    done: (p) => (p.enabled ? t.providerOn(p.name) : t.providerOff(p.name)),
    refresh: [gamesAdmin.providersList, gamesAdmin.gamesList],
  });
  const change = async (enabled: boolean) => {
    if (!enabled) {
      const ok = await modal.confirm({
        title: t.providerOffTitle(provider.name),
        content: t.providerOffHint,
        okButtonProps: { danger: true },
      });
      if (!ok) return;
    }
    set.mutate({ id: provider.id, enabled });
  };
  return (
    <Switch
      checked={provider.enabled}
      loading={set.isPending}
      disabled={!may(gamesAdmin.providerEnable)}
      onChange={(enabled) => void change(enabled)}
      aria-label={`${t.enabled} ${provider.name}`}
    />
  );
}

/** The win limit of games without their own, and (admin) changing it. */
function WinLimit({ multiple }: { multiple: number }) {
  const may = useMay();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<{ maxWinMultiple: number }>();
  const save = useAction(gamesAdmin.winLimitDefaultSet, {
    done: (d) => t.winLimitSaved(d.defaultMaxWinMultiple),
    refresh: [gamesAdmin.providersList],
    onSuccess: () => setEditing(false),
  });
  return (
    <Card
      title={t.winLimit}
      variant="borderless"
      extra={
        may(gamesAdmin.winLimitDefaultSet) && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t.winLimitEdit}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t.winLimitHint}</Typography.Paragraph>
      <Space size={12} align="baseline">
        <Typography.Text>{t.winLimitDefault}</Typography.Text>
        <Typography.Text strong data-testid="default-win-limit" style={{ fontSize: 18 }}>
          {t.multiple(multiple)}
        </Typography.Text>
      </Space>
      <Modal
        open={editing}
        title={t.winLimitTitle}
        okText={t.save}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(false)}
        destroyOnHidden
        onOk={async () => {
          const v = await form.validateFields().catch(() => null);
          if (v) save.mutate(v);
        }}
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ maxWinMultiple: multiple }}>
          <Form.Item name="maxWinMultiple" label={t.winLimitField} rules={[chosen]}>
            <InputNumber
              min={1}
              max={gamesAdmin.MAX_WIN_MULTIPLE}
              precision={0}
              suffix="倍"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

/** The operator's public key: the providers verify our signed answers with it. */
function OurKey({ pem }: { pem: string }) {
  return (
    <Card title={t.ourKey} variant="borderless">
      <Typography.Paragraph type="secondary">{t.ourKeyHint}</Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: pem, tooltips: [t.copyKey] }} style={{ marginBottom: 0 }}>
        <pre data-testid="our-public-key" style={{ display: 'inline-block', margin: 0, fontSize: 12 }}>
          {pem}
        </pre>
      </Typography.Paragraph>
    </Card>
  );
}

export function ProvidersTab() {
  const may = useMay();
  const { data, error, isLoading } = useProviders();
  /** undefined: closed; null: a new provider. */
  const [editing, setEditing] = useState<Provider | null | undefined>(undefined);
  const mayEdit = may(gamesAdmin.providerSave);

  const columns: ColumnsType<Provider> = [
    { title: t.providerId, dataIndex: 'id', width: 130 },
    { title: t.providerName, dataIndex: 'name', width: 160 },
    { title: t.providerGameTypes, dataIndex: 'gameTypes', width: 140, render: gameTypeTags },
    {
      title: t.launchUrl,
      dataIndex: 'launchUrl',
      ellipsis: true,
      render: (v: string) => (
        <Typography.Text copyable={{ text: v }} ellipsis={{ tooltip: v }} style={{ maxWidth: '100%' }}>
          {v}
        </Typography.Text>
      ),
    },
    { title: t.gamesCount, dataIndex: 'games', width: 90, align: 'right' },
    { title: t.createdAt, dataIndex: 'createdAt', width: 180, render: dateTime },
    {
      title: t.enabled,
      key: 'enabled',
      width: 80,
      render: (_: unknown, p: Provider) => <EnabledSwitch provider={p} />,
    },
    ...(mayEdit
      ? [
          {
            title: t.actions,
            key: 'actions',
            width: 90,
            render: (_: unknown, p: Provider) => (
              <Button size="small" onClick={() => setEditing(p)} aria-label={`${t.edit} ${p.name}`}>
                {t.edit}
              </Button>
            ),
          },
        ]
      : []),
  ];

  if (error) return <Alert type="error" showIcon title={errorText(error)} />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t.providers}
        variant="borderless"
        extra={
          mayEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t.addProvider}
            </Button>
          )
        }
      >
        <Table<Provider>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={isLoading}
          pagination={false}
        />
      </Card>
      {data && <WinLimit multiple={data.defaultMaxWinMultiple} />}
      {data && <OurKey pem={data.operatorPublicKey} />}
      <ProviderForm provider={editing} onClose={() => setEditing(undefined)} />
    </Space>
  );
}
