import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Modal, Table, Tag, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { withdrawalsAdmin, type withdrawals } from '@breakshot/contracts';
import { PayoutAccount, withdrawTypeLabels } from '../../components/payout-account';
import { ReadFailed } from '../../components/read-failed';
import { ReasonField } from '../../components/reason-field';
import { call } from '../../lib/api';
import { callKey } from '../../lib/query-client';
import { dateTime } from '../../lib/time';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { playerTexts as t } from './texts';

type Bound = withdrawals.WithdrawAccount;

/** The account's detail beside its masked number: network, bank, the masked name. */
const detailOf = (a: Bound): string =>
  a.type === 'usdt' ? a.network : a.type === 'bank' ? `${a.bankName} · ${a.holder}` : a.realName;

/** Asks for the reason, then shows the account in full (the reason is audited, the number is not). */
function RevealModal({ userId, account, onClose }: { userId: number; account: Bound; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const reveal = useAction(withdrawalsAdmin.playerAccountReveal);
  const full = reveal.data;
  return (
    <Modal
      open
      title={t.revealTitle(withdrawTypeLabels[account.type] ?? account.type, account.masked)}
      onCancel={onClose}
      onOk={() => (full ? onClose() : form.submit())}
      okText={full ? t.close : t.reveal}
      confirmLoading={reveal.isPending}
      cancelButtonProps={full ? { style: { display: 'none' } } : undefined}
    >
      {full ? (
        <div data-testid="revealed-account">
          <PayoutAccount a={full} />
        </div>
      ) : (
        <>
          <Alert type="warning" showIcon title={t.revealHint} style={{ marginBottom: 16 }} />
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={(v) => reveal.mutate({ userId, accountId: account.id, reason: v.reason })}
          >
            <ReasonField label={t.reason} required={t.reasonRequired} />
          </Form>
        </>
      )}
    </Modal>
  );
}

/**
 * 收款账户: the accounts the player bound to withdraw to, masked as the player sees them; 查看完整
 * shows one in full for a reason kept in the audit log (docs/design.md §9, "Player risk").
 */
export function PlayerAccounts({ userId }: { userId: number }) {
  const may = useMay();
  const [revealing, setRevealing] = useState<Bound | null>(null);
  const input = { userId };
  const query = useQuery({
    queryKey: callKey(withdrawalsAdmin.playerAccounts, input),
    queryFn: () => call(withdrawalsAdmin.playerAccounts, input),
  });
  const columns: ColumnsType<Bound> = [
    {
      title: t.accountType,
      dataIndex: 'type',
      width: 100,
      render: (v: string) => <Tag color="blue">{withdrawTypeLabels[v] ?? v}</Tag>,
    },
    {
      title: t.account,
      key: 'masked',
      render: (_: unknown, a: Bound) => (
        <Typography.Text style={{ fontFamily: 'monospace' }} data-testid={`masked-${a.id}`}>
          {a.masked}
        </Typography.Text>
      ),
    },
    { title: t.accountDetail, key: 'detail', render: (_: unknown, a: Bound) => detailOf(a) },
    {
      title: t.isDefault,
      dataIndex: 'isDefault',
      width: 80,
      render: (v: boolean) => (v ? <Tag color="green">{t.yes}</Tag> : '-'),
    },
    { title: t.boundAt, dataIndex: 'createdAt', width: 180, render: dateTime },
    ...(may(withdrawalsAdmin.playerAccountReveal)
      ? [
          {
            title: t.actions,
            key: 'reveal',
            width: 120,
            render: (_: unknown, a: Bound) => (
              <Button size="small" icon={<EyeOutlined />} onClick={() => setRevealing(a)}>
                {t.reveal}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <ReadFailed query={query} style={{ marginBottom: 16 }} />
      <Table<Bound>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isLoading}
        pagination={false}
        locale={{
          emptyText: query.data ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noAccounts} /> : ' ',
        }}
      />
      {revealing && <RevealModal userId={userId} account={revealing} onClose={() => setRevealing(null)} />}
    </>
  );
}
