import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { feed, feedAdmin } from '@breakshot/contracts';
import { call, errorText } from '../../lib/api';
import { callKey } from '../../lib/query-client';
import { useMay } from '../../lib/use-may';
import { KeyForm } from './key-form';
import { ProviderForm } from './provider-form';
import { ShownKeyModal, type ShownKey } from './shown-key';

/** The console's own provider: scored by hand, it has no key and takes no calls. */
const isConsole = (p: Provider) => p.id === feed.CONSOLE_PROVIDER;
import { Since } from './since';
import { feedTexts as t } from './texts';

type Provider = feedAdmin.FeedProvider;

const mono = { fontFamily: 'monospace' } as const;
const count = (n: number, color?: 'warning' | 'danger') => (
  <Typography.Text type={n > 0 ? color : 'secondary'} strong={n > 0 && color !== undefined}>
    {n}
  </Typography.Text>
);

/** The live matches, and those the feed has suspended: a gap in their events (orange), silent too long (red). */
function LiveMatches({ provider: p }: { provider: Provider }) {
  return (
    <Space size={4} wrap>
      {count(p.liveMatches)}
      {p.gapMatches > 0 && <Tag color="orange">{t.gapMatches(p.gapMatches)}</Tag>}
      {p.staleMatches > 0 && <Tag color="red">{t.staleMatches(p.staleMatches)}</Tag>}
    </Space>
  );
}

/** Each provider with its health, and (risk, admin) adding one, editing one, and setting its key. */
export function ProvidersTab() {
  const may = useMay();
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: callKey(feedAdmin.providers),
    queryFn: () => call(feedAdmin.providers, {}),
  });
  /** undefined: closed; null: a new provider. */
  const [editing, setEditing] = useState<Provider | null | undefined>(undefined);
  const [keying, setKeying] = useState<Provider | null>(null);
  const [shown, setShown] = useState<ShownKey | null>(null);
  const providers = data?.list ?? [];

  const columns: ColumnsType<Provider> = [
    {
      title: t.provider,
      key: 'provider',
      width: 180,
      render: (_: unknown, p: Provider) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{p.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ ...mono, fontSize: 12 }}>
            {p.id}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t.status,
      dataIndex: 'enabled',
      width: 80,
      render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? t.statuses.on : t.statuses.off}</Tag>,
    },
    { title: t.staleSeconds, dataIndex: 'staleSeconds', width: 96, align: 'right', render: t.seconds },
    {
      title: t.keyHint,
      dataIndex: 'keyHint',
      width: 90,
      render: (hint: string, p: Provider) =>
        isConsole(p) ? (
          <Typography.Text type="secondary">{t.noKey}</Typography.Text>
        ) : (
          <Typography.Text style={mono}>{t.keyTail(hint)}</Typography.Text>
        ),
    },
    { title: t.lastEvent, dataIndex: 'lastEventAt', width: 110, render: (at: string | null) => <Since at={at} /> },
    { title: t.eventsLastHour, dataIndex: 'eventsLastHour', width: 116, align: 'right', render: (n) => count(n) },
    { title: t.heldEvents, dataIndex: 'heldEvents', width: 96, align: 'right', render: (n) => count(n, 'warning') },
    {
      title: t.liveMatches,
      key: 'live',
      render: (_: unknown, p: Provider) => <LiveMatches provider={p} />,
    },
    {
      title: t.actions,
      key: 'actions',
      width: 150,
      render: (_: unknown, p: Provider) => (
        <Space size={8}>
          {may(feedAdmin.providerSave) && (
            <Button size="small" onClick={() => setEditing(p)} aria-label={`${t.edit} ${p.name}`}>
              {t.edit}
            </Button>
          )}
          {may(feedAdmin.providerKey) && !isConsole(p) && (
            <Button size="small" onClick={() => setKeying(p)} aria-label={`${t.setKey} ${p.name}`}>
              {t.setKey}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  if (error) return <Alert type="error" showIcon title={errorText(error)} />;
  return (
    <Card
      title={t.providers}
      variant="borderless"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} aria-label={t.refresh} />
          {may(feedAdmin.providerSave) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t.addProvider}
            </Button>
          )}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t.providersHint}</Typography.Paragraph>
      <Table<Provider>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={providers}
        loading={isFetching}
        pagination={false}
      />
      <ProviderForm
        provider={editing}
        taken={providers.map((p) => p.id)}
        onClose={() => setEditing(undefined)}
        onKey={setShown}
      />
      <KeyForm provider={keying} onClose={() => setKeying(null)} onKey={setShown} />
      <ShownKeyModal shown={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
