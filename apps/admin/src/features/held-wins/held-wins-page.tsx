import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Descriptions, Form, Modal, Space, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { gamesAdmin } from '@breakshot/contracts';
import { ContractTable, type RowOf } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
import { ReasonField } from '../../components/reason-field';
import { money } from '../../lib/money';
import { dateTime } from '../../lib/time';
import { paths } from '../../lib/paths';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { heldWinTexts as t } from './texts';

type Row = RowOf<typeof gamesAdmin.heldWinsList>;
type Status = Row['status'];
type Decision = { row: Row; kind: 'release' | 'refuse' };

const STATUSES: Status[] = ['waiting', 'released', 'refused'];
const mono = { fontFamily: 'monospace', fontSize: 12 } as const;
/** The most the round pays automatically: its stakes × the multiple in force. */
const limitOf = (r: Row) => t.limitOf(r.maxWinMultiple, money(r.roundStakes * r.maxWinMultiple));

/** Release (an optional note) or refuse (a reason required) one held win. */
function DecisionModal({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason?: string }>();
  const refresh = [gamesAdmin.heldWinsList];
  const release = useAction(gamesAdmin.heldWinRelease, { done: t.released, refresh, onSuccess: onClose });
  const refuse = useAction(gamesAdmin.heldWinRefuse, { done: t.refused, refresh, onSuccess: onClose });
  const releasing = decision?.kind === 'release';
  const row = decision?.row;
  return (
    <Modal
      open={decision !== null}
      title={row && (releasing ? t.releaseTitle : t.refuseTitle)(money(row.amount), row.username)}
      okText={releasing ? t.release : t.refuse}
      okButtonProps={{ danger: !releasing }}
      confirmLoading={release.isPending || refuse.isPending}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v || !row) return;
        const reason = v.reason?.trim();
        if (releasing) release.mutate({ id: row.id, ...(reason ? { reason } : {}) });
        else refuse.mutate({ id: row.id, reason: reason ?? '' });
      }}
    >
      <Alert
        type={releasing ? 'info' : 'warning'}
        showIcon
        title={releasing ? t.releaseHint : t.refuseHint}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical" preserve={false}>
        {releasing ? (
          <ReasonField label={t.releaseReason} optional />
        ) : (
          <ReasonField label={t.refuseReason} required={t.refuseReasonRequired} />
        )}
      </Form>
    </Modal>
  );
}

/** Everything the row holds, for the reviewer and for a dispute with the provider. */
function Details({ row }: { row: Row }) {
  return (
    <Descriptions size="small" column={3} bordered>
      <Descriptions.Item label={t.providerId}>{row.providerId}</Descriptions.Item>
      <Descriptions.Item label={t.gameCode}>{row.gameCode}</Descriptions.Item>
      <Descriptions.Item label={t.round}>{row.round}</Descriptions.Item>
      <Descriptions.Item label={t.transactionUuid} span={2}>
        <Typography.Text copyable style={mono}>
          {row.transactionUuid}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t.betNo}>
        <Typography.Text copyable style={mono}>
          {row.betNo}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t.roundStakes}>{money(row.roundStakes)}</Descriptions.Item>
      <Descriptions.Item label={t.limit}>{limitOf(row)}</Descriptions.Item>
      <Descriptions.Item label={t.winAmount}>{money(row.winAmount)}</Descriptions.Item>
      <Descriptions.Item label={t.credited}>{money(row.creditedAmount)}</Descriptions.Item>
      <Descriptions.Item label={t.held}>{money(row.amount)}</Descriptions.Item>
      <Descriptions.Item label={t.status}>{t.statuses[row.status]}</Descriptions.Item>
      <Descriptions.Item label={t.decidedBy}>{row.decidedBy ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t.decidedAt}>{dateTime(row.decidedAt)}</Descriptions.Item>
      <Descriptions.Item label={t.reason}>{row.reason ?? '-'}</Descriptions.Item>
    </Descriptions>
  );
}

function columns(status: Status, decide: (d: Decision) => void, mayDecide: boolean): ColumnsType<Row> {
  const amount = (title: string, key: 'winAmount' | 'creditedAmount' | 'amount') => ({
    title,
    dataIndex: key,
    align: 'right' as const,
    width: key === 'amount' ? 120 : 110,
    render: (v: number) => <MoneyText value={v} strong={key === 'amount'} />,
  });
  return [
    { title: t.createdAt, dataIndex: 'createdAt', width: 160, render: dateTime },
    {
      title: t.username,
      dataIndex: 'username',
      width: 110,
      render: (v: string) => <Link to={paths.player(v)}>{v}</Link>,
    },
    {
      title: t.game,
      key: 'game',
      width: 180,
      render: (_: unknown, r: Row) => (
        <Space orientation="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text>{r.gameCode}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.round} {r.round}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t.limit,
      key: 'limit',
      align: 'right',
      width: 160,
      render: (_: unknown, r: Row) => (
        <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          <MoneyText value={r.roundStakes * r.maxWinMultiple} />
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t.stakesTimes(money(r.roundStakes), r.maxWinMultiple)}
          </Typography.Text>
        </Space>
      ),
    },
    amount(t.winAmount, 'winAmount'),
    amount(t.credited, 'creditedAmount'),
    amount(t.held, 'amount'),
    ...(status === 'waiting'
      ? mayDecide
        ? [
            {
              title: t.actions,
              key: 'actions',
              width: 130,
              render: (_: unknown, r: Row) => (
                <Space size={6}>
                  <Button
                    type="primary"
                    size="small"
                    onClick={() => decide({ row: r, kind: 'release' })}
                    aria-label={`${t.release} ${r.id}`}
                  >
                    {t.release}
                  </Button>
                  <Button
                    danger
                    size="small"
                    onClick={() => decide({ row: r, kind: 'refuse' })}
                    aria-label={`${t.refuse} ${r.id}`}
                  >
                    {t.refuse}
                  </Button>
                </Space>
              ),
            },
          ]
        : []
      : [
          {
            title: t.decidedBy,
            key: 'decided',
            width: 170,
            render: (_: unknown, r: Row) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text>{r.decidedBy}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {dateTime(r.decidedAt)}
                </Typography.Text>
              </Space>
            ),
          },
          { title: t.reason, dataIndex: 'reason', width: 200, render: (v: string | null) => v ?? '-' },
        ]),
  ];
}

/** 派彩审核: provider wins held above their game's win limit, released or refused one by one. */
export default function HeldWinsPage() {
  const may = useMay();
  const [status, setStatus] = useState<Status>('waiting');
  const [decision, setDecision] = useState<Decision | null>(null);
  return (
    <>
      <Alert type="info" showIcon title={t.intro} style={{ marginBottom: 16 }} />
      <Tabs
        activeKey={status}
        onChange={(k) => setStatus(k as Status)}
        items={STATUSES.map((s) => ({ key: s, label: t.statuses[s] }))}
      />
      <ContractTable
        key={status}
        call={gamesAdmin.heldWinsList}
        fixed={{ status }}
        rowKey="id"
        columns={columns(status, setDecision, may(gamesAdmin.heldWinRelease))}
        expandable={{ expandedRowRender: (r) => <Details row={r} /> }}
        filters={[
          { name: 'username', label: t.username },
          { name: 'providerId', label: t.providerId, width: 140 },
          { name: 'gameCode', label: t.gameCode, width: 160 },
        ]}
      />
      <DecisionModal decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}
