import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Form, Modal, Select, Space, Table, Tag } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { operatorCalls, operatorsAdmin } from '@breakshot/contracts';
import { call, errorText } from '../../lib/api';
import { dateTime } from '../../lib/time';
import { callKey } from '../../lib/query-client';
import { roleLabels, useSession } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import { operatorTexts as t } from './texts';
import { ReasonField } from '../../components/reason-field';
import { InviteModal } from './invite-modal';
import { SetupLinkModal, type SetupLink } from './setup-link-modal';

type Row = operatorsAdmin.OperatorRow;
type Change = { row: Row; kind: 'disable' | 'enable' | 'reset' | 'link' | 'role' } | null;

const titles = {
  disable: t.disableTitle,
  enable: t.enableTitle,
  reset: t.resetTitle,
  link: t.newLinkTitle,
  role: t.roleTitle,
};
const hints = { disable: t.disableHint, enable: null, reset: t.resetHint, link: t.newLinkHint, role: t.roleHint };
const roleOptions = operatorCalls.operatorRoles.map((r) => ({ value: r, label: roleLabels[r] }));

/** Asks for the reason of a change to an account (and the new role), then makes it; a new link is then shown. */
function ChangeModal({
  change,
  onClose,
  onLink,
}: {
  change: Change;
  onClose: () => void;
  onLink: (link: SetupLink) => void;
}) {
  const [form] = Form.useForm<{ reason: string; role: Row['role'] }>();
  const options = { done: t.done, refresh: [operatorsAdmin.operatorsList], onSuccess: onClose };
  const setStatus = useAction(operatorsAdmin.operatorSetStatus, options);
  const reset = useAction(operatorsAdmin.operatorResetTotp, options);
  const setRole = useAction(operatorsAdmin.operatorSetRole, options);
  const newLink = useAction(operatorsAdmin.operatorSetupLink, {
    refresh: [operatorsAdmin.operatorsList],
    onSuccess: (link) => (onClose(), onLink(link)),
  });
  const hint = change && hints[change.kind];
  return (
    <Modal
      open={change !== null}
      title={change ? titles[change.kind](change.row.username) : ''}
      okButtonProps={{ danger: change?.kind === 'disable' || change?.kind === 'reset' }}
      confirmLoading={setStatus.isPending || reset.isPending || setRole.isPending || newLink.isPending}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v || !change) return;
        const { username } = change.row;
        if (change.kind === 'reset') reset.mutate({ username, reason: v.reason });
        else if (change.kind === 'link') newLink.mutate({ username, reason: v.reason });
        else if (change.kind === 'role') setRole.mutate({ username, role: v.role, reason: v.reason });
        else
          setStatus.mutate({ username, reason: v.reason, status: change.kind === 'disable' ? 'disabled' : 'active' });
      }}
    >
      {hint && <Alert type="warning" showIcon title={hint} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={change?.kind === 'role' ? { role: change.row.role } : {}}
      >
        {change?.kind === 'role' && (
          <Form.Item name="role" label={t.newRole} rules={[{ required: true, message: t.roleRequired }]}>
            <Select aria-label={t.newRole} options={roleOptions} />
          </Form.Item>
        )}
        <ReasonField label={t.reason} required={t.reasonRequired} />
      </Form>
    </Modal>
  );
}

/**
 * The console's accounts (admin only): who may log in, their role, and their authenticator; a new
 * operator is created here with a one-time setup link (docs/security.md, "Operator setup links").
 */
export default function OperatorsPage() {
  const me = useSession()?.operator.username;
  const [change, setChange] = useState<Change>(null);
  const [inviting, setInviting] = useState(false);
  const [link, setLink] = useState<SetupLink | null>(null);
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
      render: (v: boolean, row: Row) =>
        !row.passwordSet ? (
          <Tag color="blue">{t.passwordPending}</Tag>
        ) : v ? (
          <Tag color="green">{t.totpSet}</Tag>
        ) : (
          <Tag color="orange">{t.totpPending}</Tag>
        ),
    },
    { title: t.createdAt, dataIndex: 'createdAt', width: 180, render: dateTime },
    {
      title: t.actions,
      key: 'actions',
      width: 300,
      render: (_: unknown, row: Row) => (
        <Space size={4} wrap>
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
          {!row.passwordSet && (
            <Button size="small" onClick={() => setChange({ row, kind: 'link' })}>
              {t.newLink}
            </Button>
          )}
          {row.username !== me && (
            <Button size="small" onClick={() => setChange({ row, kind: 'role' })}>
              {t.changeRole}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={t.title}
      extra={
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
          {t.invite}
        </Button>
      }
    >
      <Alert type="info" showIcon title={t.hint} style={{ marginBottom: 16 }} />
      {error && <Alert type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} />}
      <Table rowKey="username" columns={columns} dataSource={data?.list ?? []} loading={isLoading} pagination={false} />
      <ChangeModal change={change} onClose={() => setChange(null)} onLink={setLink} />
      {inviting && (
        <InviteModal onClose={() => setInviting(false)} onInvited={(l) => (setInviting(false), setLink(l))} />
      )}
      {link && <SetupLinkModal link={link} onClose={() => setLink(null)} />}
    </Card>
  );
}
