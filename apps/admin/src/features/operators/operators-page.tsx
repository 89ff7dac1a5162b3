import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Form, Modal, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { operatorsAdmin } from '@breakshot/contracts';
import { call, errorText } from '../../lib/api';
import { dateTime } from '../../lib/time';
import { callKey } from '../../lib/query-client';
import { roleLabels, useSession } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import { operatorTexts as t } from './texts';
import { ReasonField } from '../../components/reason-field';

type Row = operatorsAdmin.OperatorRow;
type Change = { row: Row; kind: 'disable' | 'enable' | 'reset' } | null;

const titles = { disable: t.disableTitle, enable: t.enableTitle, reset: t.resetTitle };
const hints = { disable: t.disableHint, enable: null, reset: t.resetHint };

/** Asks for the reason of a change to an account, then makes it. */
function ChangeModal({ change, onClose }: { change: Change; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const options = { done: t.done, refresh: [operatorsAdmin.operatorsList], onSuccess: onClose };
  const setStatus = useAction(operatorsAdmin.operatorSetStatus, options);
  const reset = useAction(operatorsAdmin.operatorResetTotp, options);
  const hint = change && hints[change.kind];
  return (
    <Modal
      open={change !== null}
      title={change ? titles[change.kind](change.row.username) : ''}
      okButtonProps={{ danger: change?.kind !== 'enable' }}
      confirmLoading={setStatus.isPending || reset.isPending}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v || !change) return;
        const { username } = change.row;
        if (change.kind === 'reset') reset.mutate({ username, reason: v.reason });
        else
          setStatus.mutate({ username, reason: v.reason, status: change.kind === 'disable' ? 'disabled' : 'active' });
      }}
    >
      {hint && <Alert type="warning" showIcon title={hint} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false}>
        <ReasonField label={t.reason} required={t.reasonRequired} />
      </Form>
    </Modal>
  );
}

/** The console's accounts (admin only): who may log in, their role, and their authenticator. */
export default function OperatorsPage() {
  const me = useSession()?.operator.username;
  const [change, setChange] = useState<Change>(null);
  const { data, error, isLoading } = useQuery({
    queryKey: callKey(operatorsAdmin.operatorsList),
    queryFn: () => call(operatorsAdmin.operatorsList, {}),
  });
  const columns: ColumnsType<Row> = [
    {
      title: t.username,
      dataIndex: 'username',
      render: (v: string) => (
        <>
          {v}
          {v === me && t.you}
        </>
      ),
    },
    { title: t.role, dataIndex: 'role', width: 110, render: (v: Row['role']) => <Tag>{roleLabels[v]}</Tag> },
    {
      title: t.status,
      dataIndex: 'status',
      width: 110,
      render: (v: string) => (
        <Badge status={v === 'active' ? 'success' : 'default'} text={v === 'active' ? t.active : t.disabled} />
      ),
    },
    {
      title: t.totp,
      dataIndex: 'totp',
      width: 150,
      render: (v: boolean) => (v ? <Tag color="green">{t.totpSet}</Tag> : <Tag color="orange">{t.totpPending}</Tag>),
    },
    { title: t.createdAt, dataIndex: 'createdAt', width: 180, render: dateTime },
    {
      title: t.actions,
      key: 'actions',
      width: 200,
      render: (_: unknown, row: Row) => (
        <Space size={4}>
          {row.status === 'active' ? (
            row.username !== me && (
              <Button size="small" danger onClick={() => setChange({ row, kind: 'disable' })}>
                {t.disable}
              </Button>
            )
          ) : (
            <Button size="small" onClick={() => setChange({ row, kind: 'enable' })}>
              {t.enable}
            </Button>
          )}
          {row.totp && (
            <Button size="small" onClick={() => setChange({ row, kind: 'reset' })}>
              {t.resetTotp}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card title={t.title}>
      <Alert type="info" showIcon title={t.hint} style={{ marginBottom: 16 }} />
      {error && <Alert type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} />}
      <Table rowKey="username" columns={columns} dataSource={data?.list ?? []} loading={isLoading} pagination={false} />
      <ChangeModal change={change} onClose={() => setChange(null)} />
    </Card>
  );
}
