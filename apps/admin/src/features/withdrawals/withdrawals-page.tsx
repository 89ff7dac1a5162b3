import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Popconfirm, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { withdrawalsAdmin, playersAdmin } from '@breakshot/contracts';
import { ContractTable, type RowOf } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
import { PayoutAccount } from '../../components/payout-account';
import { PlayerTags } from '../../components/player-tags';
import { money } from '../../lib/money';
import { paths } from '../../lib/paths';
import { dateTime } from '../../lib/time';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { useQueueCounts } from '../../lib/use-queues';
import { withdrawalTexts as t } from './texts';
import { ReasonModal } from '../../components/reason-modal';

type Row = RowOf<typeof withdrawalsAdmin.withdrawalsList>;
type Status = Row['status'];

const STATUSES: Status[] = ['reviewing', 'approved', 'paid', 'rejected'];
const riskColor: Record<string, string> = {
  turnover_unmet: 'red',
  more_than_deposited: 'red',
  large_amount: 'volcano',
  new_account: 'orange',
  new_payout_account: 'orange',
  first_withdrawal: 'gold',
  linked_accounts: 'purple',
};
const refresh = [withdrawalsAdmin.withdrawalsList, playersAdmin.queues, playersAdmin.dashboard];

function Actions({ row, onReject }: { row: Row; onReject: (row: Row) => void }) {
  const may = useMay();
  const approve = useAction(withdrawalsAdmin.withdrawalApprove, { done: t.approved, refresh });
  const pay = useAction(withdrawalsAdmin.withdrawalPay, { done: t.paid, refresh });
  const swallow = () => undefined;
  return (
    <Space size={4} wrap>
      {row.status === 'reviewing' && may(withdrawalsAdmin.withdrawalApprove) && (
        <Popconfirm
          title={t.approveTitle(row.orderNo, money(row.netAmount))}
          onConfirm={() => approve.mutateAsync({ orderNo: row.orderNo }).catch(swallow)}
        >
          <Button type="primary" size="small" loading={approve.isPending}>
            {t.approve}
          </Button>
        </Popconfirm>
      )}
      {row.status === 'approved' && may(withdrawalsAdmin.withdrawalPay) && (
        <Popconfirm
          title={t.payTitle(money(row.netAmount))}
          description={t.payHint}
          onConfirm={() => pay.mutateAsync({ orderNo: row.orderNo }).catch(swallow)}
        >
          <Button type="primary" size="small" loading={pay.isPending}>
            {t.pay}
          </Button>
        </Popconfirm>
      )}
      {(row.status === 'reviewing' || row.status === 'approved') && may(withdrawalsAdmin.withdrawalReject) && (
        <Button danger size="small" onClick={() => onReject(row)}>
          {t.reject}
        </Button>
      )}
    </Space>
  );
}

function RejectModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const reject = useAction(withdrawalsAdmin.withdrawalReject, { done: t.rejected, refresh, onSuccess: onClose });
  return (
    <ReasonModal
      open={row !== null}
      title={row ? t.rejectTitle(row.orderNo) : ''}
      okText={t.reject}
      hint={t.rejectHint}
      label={t.rejectReason}
      required={t.rejectReasonRequired}
      pending={reject.isPending}
      onCancel={onClose}
      onSubmit={(reason) => {
        if (row) reject.mutate({ orderNo: row.orderNo, reason });
      }}
    />
  );
}

function columns(status: Status, onReject: (row: Row) => void): ColumnsType<Row> {
  const open = status === 'reviewing' || status === 'approved';
  return [
    {
      // The order, who asked and when in one column: the risk hints stay in view at 1440 px.
      title: t.order,
      dataIndex: 'orderNo',
      width: 190,
      render: (v: string, r: Row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text copyable={{ text: v }}>{v}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <Link to={paths.player(r.username)}>{r.username}</Link> · {dateTime(r.createdAt)}
          </Typography.Text>
          <PlayerTags tags={r.tags} />
        </Space>
      ),
    },
    {
      title: t.amount,
      dataIndex: 'amount',
      width: 100,
      align: 'right',
      render: (v: number) => <MoneyText value={v} />,
    },
    {
      title: t.net,
      dataIndex: 'netAmount',
      width: 110,
      align: 'right',
      render: (v: number, r: Row) => (
        <Space orientation="vertical" size={0} align="end">
          <MoneyText value={v} strong />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.fee} <MoneyText value={r.feeAmount} />
          </Typography.Text>
        </Space>
      ),
    },
    { title: t.account, dataIndex: 'account', width: 220, render: (a: Row['account']) => <PayoutAccount a={a} /> },
    {
      title: t.turnoverLeft,
      dataIndex: 'turnoverLeft',
      width: 96,
      align: 'right',
      render: (v: number) =>
        v > 0 ? <Typography.Text type="danger">{money(v)}</Typography.Text> : <Tag color="green">{t.met}</Tag>,
    },
    {
      title: t.risk,
      dataIndex: 'risk',
      width: 170,
      render: (risks: Row['risk'], row: Row) => (
        <Space size={[0, 4]} wrap>
          {risks.map((r) => (
            <Tag key={r} color={riskColor[r]} data-testid={`risk-${r}`}>
              {t.risks[r] ?? r}
              {r === 'linked_accounts' && ` ${row.linkedPlayers}`}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t.approvals,
      key: 'approvals',
      width: 72,
      align: 'center',
      render: (_: unknown, r: Row) => (
        <Tooltip title={r.approvals.length ? t.approvedBy(r.approvals.map((a) => a.operator).join('、')) : undefined}>
          <Tag
            color={r.approvals.length >= r.approvalsNeeded ? 'green' : r.approvals.length > 0 ? 'orange' : 'default'}
          >
            {r.approvals.length}/{r.approvalsNeeded}
          </Tag>
        </Tooltip>
      ),
    },
    ...(status === 'rejected'
      ? [{ title: t.reason, dataIndex: 'reason', render: (v: string | null) => v ?? '-' }]
      : !open
        ? [{ title: t.doneAt, dataIndex: 'paidAt', render: dateTime, width: 170 }]
        : []),
    ...(open
      ? [
          {
            title: t.actions,
            key: 'actions',
            fixed: 'right' as const,
            width: 170,
            render: (_: unknown, r: Row) => <Actions row={r} onReject={onReject} />,
          },
        ]
      : []),
  ];
}

export default function WithdrawalsPage() {
  const [status, setStatus] = useState<Status>('reviewing');
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const queues = useQueueCounts();
  const waiting: Partial<Record<Status, number>> = {
    reviewing: queues?.withdrawalsReviewing,
    approved: queues?.withdrawalsApproved,
  };
  return (
    <>
      <Tabs
        activeKey={status}
        onChange={(k) => setStatus(k as Status)}
        items={STATUSES.map((s) => ({
          key: s,
          label: (
            <Space size={6}>
              {t.statuses[s]}
              {(waiting[s] ?? 0) > 0 && <Badge count={waiting[s]} size="small" />}
            </Space>
          ),
        }))}
      />
      <ContractTable
        key={status}
        call={withdrawalsAdmin.withdrawalsList}
        fixed={{ status }}
        rowKey="orderNo"
        columns={columns(status, setRejecting)}
        // The columns' widths: at 1440 px every column of an open order is in view.
        scrollX={1128}
        filters={[{ name: 'username', label: t.username }]}
      />
      <RejectModal row={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
