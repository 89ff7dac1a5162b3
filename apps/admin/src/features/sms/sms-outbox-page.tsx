import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { securityAdmin } from '@breakshot/contracts';
import { ContractTable, type RowOf } from '../../components/contract-table';
import { dateTime } from '../../lib/time';
import { smsTexts as t } from './texts';

type Message = RowOf<typeof securityAdmin.smsOutbox>;

const columns: ColumnsType<Message> = [
  { title: t.at, dataIndex: 'createdAt', render: dateTime, width: 180 },
  {
    title: t.mobile,
    dataIndex: 'mobile',
    width: 140,
    render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
  },
  { title: t.text, dataIndex: 'text' },
];

/** The SMS outbox: what the built-in (development) provider "sent", codes readable. */
export default function SmsOutboxPage() {
  return (
    <>
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      <ContractTable
        title={t.title}
        call={securityAdmin.smsOutbox}
        rowKey="id"
        columns={columns}
        filters={[{ name: 'mobile', label: t.mobileFilter, width: 180 }]}
      />
    </>
  );
}
