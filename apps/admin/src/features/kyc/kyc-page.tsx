import { useState } from 'react';
import { Button, Col, Row, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { kyc, kycAdmin } from '@breakshot/contracts';
import { ContractTable, type RowOf } from '../../components/contract-table';
import { dateTime } from '../../lib/time';
import { KycDrawer } from './kyc-drawer';
import { KycSettings } from './kyc-settings';
import { kycStatusTag } from '../../components/kyc-status';
import { kycTexts as t } from './texts';

type KycRow = RowOf<typeof kycAdmin.kycList>;

function columns(status: kyc.KycStatus, onOpen: (id: number) => void): ColumnsType<KycRow> {
  return [
    { title: t.player, dataIndex: 'username', width: 160 },
    { title: t.realName, dataIndex: 'realName', width: 140 },
    {
      title: t.idNumber,
      dataIndex: 'idMasked',
      width: 200,
      render: (v: string) => <Typography.Text style={{ fontFamily: 'monospace' }}>{v}</Typography.Text>,
    },
    { title: t.submittedAt, dataIndex: 'submittedAt', render: dateTime, width: 180 },
    { title: t.status, dataIndex: 'status', width: 100, render: kycStatusTag },
    ...(status === 'pending'
      ? []
      : [
          { title: t.reviewedBy, dataIndex: 'reviewedBy', width: 120 },
          { title: t.reviewedAt, dataIndex: 'reviewedAt', render: dateTime, width: 180 },
        ]),
    ...(status === 'rejected' ? [{ title: t.rejectReason, dataIndex: 'rejectReason', ellipsis: true }] : []),
    {
      title: t.actions,
      key: 'open',
      width: 90,
      fixed: 'right' as const,
      render: (_: unknown, r: KycRow) => (
        <Button size="small" type={status === 'pending' ? 'primary' : 'default'} onClick={() => onOpen(r.id)}>
          {t.open}
        </Button>
      ),
    },
  ];
}

/**
 * 实名认证: the submissions by status (待审核 first), each opened in a drawer with its photos to
 * approve, reject with a reason or show the ID number for a reason; and the withdrawal amount
 * above which a verified name is required (docs/design.md §9, "KYC, as built").
 */
export default function KycPage() {
  const [status, setStatus] = useState<kyc.KycStatus>('pending');
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Tabs
          activeKey={status}
          onChange={(k) => setStatus(k as kyc.KycStatus)}
          items={kyc.kycStatuses.map((s) => ({ key: s, label: t.statuses[s] }))}
        />
        <ContractTable
          key={status}
          call={kycAdmin.kycList}
          fixed={{ status }}
          rowKey="id"
          columns={columns(status, setOpen)}
          scrollX={1100}
          filters={[{ name: 'username', label: t.username }]}
        />
      </Col>
      <Col xs={24} xl={12}>
        <KycSettings />
      </Col>
      <KycDrawer id={open} onClose={() => setOpen(null)} />
    </Row>
  );
}
