import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { promotions, promotionsAdmin } from '@breakshot/contracts';
import { ContractTable } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
import { ReasonModal } from '../../components/reason-modal';
import { call } from '../../lib/api';
import { paths } from '../../lib/paths';
import { callKey } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { promotionTexts as t } from './texts';
import { toMinute } from './times';

type Application = promotionsAdmin.AdminApplication;

const statusColor: Record<string, string> = { pending: 'processing', granted: 'success', rejected: 'error' };
const refresh = [promotionsAdmin.promotionApplications, promotionsAdmin.promotionsList];

function RejectModal({ row, onClose }: { row: Application | null; onClose: () => void }) {
  const reject = useAction(promotionsAdmin.promotionApplicationReject, {
    done: (a) => t.rejected(a.username),
    refresh,
    onSuccess: onClose,
  });
  return (
    <ReasonModal
      open={row !== null}
      title={row ? t.rejectTitle(row.username, row.title) : ''}
      okText={t.reject}
      hint={t.rejectHint}
      label={t.rejectReason}
      required={t.rejectReasonRequired}
      pending={reject.isPending}
      // Named: its field ids must not be the list filters'.
      name="reject"
      onCancel={onClose}
      onSubmit={(reason) => {
        if (row) reject.mutate({ id: row.id, reason });
      }}
    />
  );
}

function columns(mayReject: boolean, onReject: (a: Application) => void): ColumnsType<Application> {
  return [
    { title: t.createdAt, dataIndex: 'createdAt', width: 128, render: toMinute },
    {
      title: t.username,
      dataIndex: 'username',
      width: 120,
      render: (v: string, a) => (
        <Space orientation="vertical" size={2}>
          <Link to={paths.player(v)}>{v}</Link>
          {a.linkedPlayers > 0 && (
            <Tag color="purple" style={{ marginInlineEnd: 0 }} data-testid="linked-players">
              {t.linkedPlayers(a.linkedPlayers)}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t.promotion,
      dataIndex: 'title',
      render: (v: string, a) => (
        <Space size={6}>
          <Tag color={t.typeColors[a.type]} style={{ marginInlineEnd: 0 }}>
            {t.types[a.type] ?? a.type}
          </Tag>
          {v}
        </Space>
      ),
    },
    {
      title: t.periodKey,
      dataIndex: 'periodKey',
      width: 96,
      render: (v: string) => (v === 'once' ? t.periodOnce : v),
    },
    {
      title: t.appStatus,
      dataIndex: 'status',
      width: 110,
      render: (v: string, a) => (
        <Space orientation="vertical" size={0}>
          <Tag color={statusColor[v]}>{t.appStatuses[v] ?? v}</Tag>
          {a.reason && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {a.reason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t.amount,
      dataIndex: 'amount',
      width: 96,
      align: 'right',
      render: (v: number) => <MoneyText value={v} />,
    },
    {
      title: t.progress,
      dataIndex: 'progress',
      width: 104,
      align: 'right',
      render: (v: number) => <MoneyText value={v} />,
    },
    { title: t.uses, dataIndex: 'uses', width: 72, align: 'right' },
    ...(mayReject
      ? [
          {
            title: t.actions,
            key: 'actions',
            width: 64,
            render: (_: unknown, a: Application) =>
              mayBeRejected(a) && (
                <Button danger size="small" onClick={() => onReject(a)}>
                  {t.reject}
                </Button>
              ),
          },
        ]
      : []),
  ];
}

/**
 * Pending, or granted under a promotion that keeps paying through its period (the server refuses
 * it 409 once that period ended); a first-deposit or lucky-slip grant is its period's last.
 */
const KEEPS_PAYING = new Set(['reload', 'fee_waiver', 'agent_starter']);
const mayBeRejected = (a: Application) =>
  a.status === 'pending' || (a.status === 'granted' && KEEPS_PAYING.has(a.type));

/** Every player's applications, filtered by promotion, player and status; risk refuses one that still waits or pays. */
export function ApplicationsTab() {
  const may = useMay();
  const [rejecting, setRejecting] = useState<Application | null>(null);
  // The promotion filter's options: the same list the 活动 tab shows (cached).
  const { data } = useQuery({
    queryKey: callKey(promotionsAdmin.promotionsList),
    queryFn: () => call(promotionsAdmin.promotionsList, {}),
  });
  const promotionOptions = (data?.items ?? []).map((p) => ({ value: p.id, label: p.titleZh }));
  return (
    <>
      <ContractTable
        title={t.applicationsTab}
        call={promotionsAdmin.promotionApplications}
        rowKey="id"
        columns={columns(may(promotionsAdmin.promotionApplicationReject), setRejecting)}
        filters={[
          { name: 'promotionId', label: t.promotion, kind: 'select', options: promotionOptions, width: 180 },
          { name: 'username', label: t.username },
          {
            name: 'status',
            label: t.appStatus,
            kind: 'select',
            options: promotions.applicationStatus.options.map((value) => ({ value, label: t.appStatuses[value]! })),
          },
        ]}
      />
      <RejectModal row={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
