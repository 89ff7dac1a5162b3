import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Dropdown, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { DownOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { promotions, promotionsAdmin } from '@breakshot/contracts';
import { MoneyText } from '../../components/money-text';
import { call, errorText } from '../../lib/api';
import { callKey } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { pickInput } from './form-values';
import { PromotionForm, type Editing } from './promotion-form';
import { toMinute } from './times';
import { promotionTexts as t } from './texts';

type Promotion = promotionsAdmin.AdminPromotion;

const statusColor: Record<string, string> = { upcoming: 'blue', running: 'green', ended: 'default' };

/** The enabled switch: those who may save turn a promotion on or off from the list (the whole promotion is resent). */
function EnabledSwitch({ p, editable }: { p: Promotion; editable: boolean }) {
  const save = useAction(promotionsAdmin.promotionSave, {
    done: (s) => t.toggled(s.titleZh, s.enabled),
    refresh: [promotionsAdmin.promotionsList],
  });
  return (
    <Switch
      size="small"
      checked={p.enabled}
      disabled={!editable}
      loading={save.isPending}
      aria-label={t.enabledOf(p.titleZh)}
      onChange={(enabled) => save.mutate({ id: p.id, promotion: { ...pickInput(p), enabled } })}
    />
  );
}

function columns(editable: boolean, edit: (p: Promotion) => void): ColumnsType<Promotion> {
  return [
    {
      title: t.banner,
      dataIndex: 'image',
      width: 100,
      render: (src: string, p) => (
        <img
          src={src}
          alt={p.titleZh}
          width={80}
          height={32}
          style={{ display: 'block', borderRadius: 6, objectFit: 'cover' }}
        />
      ),
    },
    {
      title: t.title,
      key: 'title',
      render: (_, p) => (
        <Space orientation="vertical" size={2}>
          <Typography.Text strong>
            <Tag color={t.typeColors[p.type]}>{t.types[p.type] ?? p.type}</Tag>
            {p.titleZh}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.titleEn}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t.period,
      key: 'period',
      width: 128,
      render: (_, p) => (
        <Typography.Text style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {toMinute(p.startsAt)}
          <br />
          {toMinute(p.endsAt)}
        </Typography.Text>
      ),
    },
    {
      title: t.status,
      dataIndex: 'status',
      width: 76,
      render: (v: string) => <Tag color={statusColor[v]}>{t.statuses[v] ?? v}</Tag>,
    },
    {
      title: t.enabled,
      dataIndex: 'enabled',
      width: 60,
      render: (_: boolean, p) => <EnabledSwitch p={p} editable={editable} />,
    },
    { title: t.applications, dataIndex: 'applications', width: 56, align: 'right' },
    { title: t.granted, dataIndex: 'granted', width: 64, align: 'right' },
    {
      title: t.grantedAmount,
      dataIndex: 'grantedAmount',
      width: 96,
      align: 'right',
      render: (v: number, p) => (
        <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          <MoneyText value={v} />
          {p.type === 'fee_waiver' && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t.feesWaived}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t.updated,
      key: 'updated',
      width: 128,
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          {p.updatedBy && <Typography.Text style={{ fontSize: 12 }}>{p.updatedBy}</Typography.Text>}
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {toMinute(p.updatedAt)}
          </Typography.Text>
        </Space>
      ),
    },
    ...(editable
      ? [
          {
            title: t.actions,
            key: 'actions',
            width: 60,
            render: (_: unknown, p: Promotion) => (
              <Tooltip title={t.edit}>
                <Button icon={<EditOutlined />} onClick={() => edit(p)} aria-label={`${t.edit} ${p.titleZh}`} />
              </Tooltip>
            ),
          },
        ]
      : []),
  ];
}

/** Every promotion in the order players see them; admin creates (type first) and edits them. */
export function PromotionsTab() {
  const may = useMay();
  const editable = may(promotionsAdmin.promotionSave);
  const [editing, setEditing] = useState<Editing | null>(null);
  const { data, error, isLoading } = useQuery({
    queryKey: callKey(promotionsAdmin.promotionsList),
    queryFn: () => call(promotionsAdmin.promotionsList, {}),
  });
  if (error) return <Alert type="error" showIcon title={errorText(error)} />;
  return (
    <Card
      title={t.promotions}
      variant="borderless"
      extra={
        editable && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: promotions.promotionTypes.map((type) => ({
                key: type,
                label: (
                  <Space>
                    <Tag color={t.typeColors[type]}>{t.types[type]}</Tag>
                    {t.typeNames[type]}
                  </Space>
                ),
              })),
              onClick: ({ key }) => setEditing({ type: key as promotions.PromotionType, promotion: null }),
            }}
          >
            <Button type="primary" icon={<PlusOutlined />}>
              {t.create} <DownOutlined />
            </Button>
          </Dropdown>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t.promotionsHint}</Typography.Paragraph>
      <Table<Promotion>
        rowKey="id"
        size="middle"
        columns={columns(editable, (p) => setEditing({ type: p.type, promotion: p }))}
        dataSource={data?.items ?? []}
        loading={isLoading}
        pagination={false}
        locale={{ emptyText: t.empty }}
      />
      {editing && <PromotionForm editing={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
