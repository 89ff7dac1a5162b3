import { useState } from 'react';
import { Alert, Badge, Button, Form, Modal, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { agentsAdmin, type agent } from '@breakshot/contracts';
import { ReasonField } from '../../components/reason-field';
import { percent } from '../../lib/basis-points';
import { dateTime } from '../../lib/time';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { gameName, gameTypes, kindTag } from './labels';
import { agentTexts as t } from './texts';

type Link = agent.InviteLink;

const expired = (l: Link) => l.expiresAt !== null && Date.parse(l.expiresAt) <= Date.now();

const statusBadge = (l: Link) =>
  !l.enabled ? (
    <Badge status="default" text={t.disabled} />
  ) : expired(l) ? (
    <Badge status="warning" text={t.expired} />
  ) : (
    <Badge status="success" text={t.enabled} />
  );

/** Disables or enables a link, with the reason the audit log keeps. */
function StatusDialog({ link, onClose }: { link: Link | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const save = useAction(agentsAdmin.agentLinkStatusSave, {
    done: (l) => (l.enabled ? t.enabledDone(l.code) : t.disabledDone(l.code)),
    refresh: [agentsAdmin.agentDetails],
    onSuccess: onClose,
  });
  const disabling = link?.enabled ?? false;
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v && link) save.mutate({ id: link.id, enabled: !link.enabled, reason: v.reason });
  };
  return (
    <Modal
      open={link !== null}
      title={link && (disabling ? t.disableTitle(link.code) : t.enableTitle(link.code))}
      okText={disabling ? t.disable : t.enable}
      okButtonProps={{ danger: disabling }}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        {disabling && <Alert type="warning" showIcon title={t.disableHint} style={{ marginBottom: 16 }} />}
        <ReasonField label={t.reason} required={t.reasonRequired} />
      </Form>
    </Modal>
  );
}

/** A player's invite links with their counts; risk and admin disable or enable them. */
export function InviteLinks({ links }: { links: Link[] }) {
  const may = useMay();
  const [toggling, setToggling] = useState<Link | null>(null);
  const columns: ColumnsType<Link> = [
    {
      title: t.code,
      dataIndex: 'code',
      render: (code: string, l) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text copyable strong style={{ fontFamily: 'monospace' }}>
            {code}
          </Typography.Text>
          {l.remark && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {l.remark}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t.linkKind, dataIndex: 'kind', render: kindTag },
    {
      title: t.rates,
      key: 'rates',
      render: (_: unknown, l) => (
        <Space orientation="vertical" size={0} style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {gameTypes.map((g) => (
            <span key={g}>
              {gameName(g)} {percent(l.rates[g])}
            </span>
          ))}
          {l.kind === 'agent' && (
            <span>
              {t.dividendRatio} {percent(l.dividendRatioBp)}
            </span>
          )}
        </Space>
      ),
    },
    { title: t.clicks, dataIndex: 'clicks', align: 'right' },
    { title: t.registrations, dataIndex: 'registrations', align: 'right' },
    { title: t.firstDeposits, dataIndex: 'firstDeposits', align: 'right' },
    {
      title: t.expiresAt,
      dataIndex: 'expiresAt',
      render: (v: string | null) => (v ? dateTime(v) : t.never),
    },
    { title: t.status, key: 'status', render: (_: unknown, l) => statusBadge(l) },
    ...(may(agentsAdmin.agentLinkStatusSave)
      ? [
          {
            title: t.actions,
            key: 'actions',
            render: (_: unknown, l: Link) => (
              <Button
                size="small"
                danger={l.enabled}
                onClick={() => setToggling(l)}
                aria-label={`${l.enabled ? t.disable : t.enable} ${l.code}`}
              >
                {l.enabled ? t.disable : t.enable}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <Table<Link>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={links}
        pagination={false}
        locale={{ emptyText: t.noLinks }}
        scroll={{ x: 'max-content' }}
      />
      <StatusDialog link={toggling} onClose={() => setToggling(null)} />
    </>
  );
}
