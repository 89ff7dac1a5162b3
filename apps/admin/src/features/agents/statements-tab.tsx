import { useState } from 'react';
import { Alert, Button, Tag, Tooltip, Typography } from 'antd';
import { CalculatorOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { agentSettlementsAdmin as settlements } from '@breakshot/contracts';
import { ContractTable, type RowOf } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
import { money } from '../../lib/money';
import { addDays, dateTime } from '../../lib/time';
import { useMay } from '../../lib/use-may';
import { SettleForm } from './settle-form';
import { agentTexts as t } from './texts';

type Statement = RowOf<typeof settlements.statementsList>;

/** A commission statement's day, or a dividend statement's week (its Monday to its Sunday). */
const periodText = (r: Statement) => (r.kind === 'dividend' ? t.week(r.period, addDays(r.period, 6)) : r.period);

const kindTag = (kind: string) => <Tag color={kind === 'dividend' ? 'purple' : 'blue'}>{t.settlementKinds[kind]}</Tag>;

/** Agent statements (结算单) of every settled period: by kind, period and agent, with their total; CSV; a period settled by hand. */
export function StatementsTab({ onOpen }: { onOpen: (id: number) => void }) {
  const may = useMay();
  const [settling, setSettling] = useState(false);
  const columns: ColumnsType<Statement> = [
    { title: t.id, dataIndex: 'id', width: 80 },
    {
      title: t.agent,
      dataIndex: 'agentUsername',
      render: (_: string, r) => (
        <span>
          <a onClick={() => onOpen(r.agentId)}>{r.agentUsername}</a>{' '}
          <Typography.Text type="secondary">#{r.agentId}</Typography.Text>
        </span>
      ),
    },
    { title: t.statementKind, dataIndex: 'kind', width: 80, render: kindTag },
    { title: t.period, dataIndex: 'period', render: (_: string, r) => periodText(r) },
    {
      title: (
        <Tooltip title={t.baseHint}>
          {t.base} <QuestionCircleOutlined />
        </Tooltip>
      ),
      dataIndex: 'base',
      align: 'right',
      render: (v: number) => <MoneyText value={v} />,
    },
    { title: t.carryIn, dataIndex: 'carryIn', align: 'right', render: (v: number) => <MoneyText value={v} /> },
    { title: t.carryOut, dataIndex: 'carryOut', align: 'right', render: (v: number) => <MoneyText value={v} /> },
    {
      title: t.statementAmount,
      dataIndex: 'amount',
      align: 'right',
      render: (v: number) => <MoneyText value={v} strong />,
    },
    {
      title: t.status,
      dataIndex: 'status',
      width: 90,
      render: (v: string) => <Tag color={v === 'paid' ? 'green' : undefined}>{t.statementStatuses[v]}</Tag>,
    },
    { title: t.settledAt, dataIndex: 'createdAt', width: 180, render: dateTime },
  ];
  return (
    <>
      <ContractTable
        call={settlements.statementsList}
        rowKey="id"
        columns={columns}
        filters={[
          {
            name: 'kind',
            label: t.statementKind,
            kind: 'select',
            options: settlements.settlementKinds.map((k) => ({ value: k, label: t.settlementKinds[k]! })),
            width: 110,
          },
          { name: 'period', label: t.period, kind: 'date', placeholder: t.periodPlaceholder, width: 160 },
          { name: 'username', label: t.username, placeholder: t.agent, width: 160 },
        ]}
        extra={
          may(settlements.settlementRun) && (
            <Button icon={<CalculatorOutlined />} onClick={() => setSettling(true)}>
              {t.settle}
            </Button>
          )
        }
        summary={(d) => (
          <Alert type="info" style={{ marginBottom: 12 }} title={t.statementsSummary(d.total, money(d.totalAmount))} />
        )}
      />
      {settling && <SettleForm onClose={() => setSettling(false)} />}
    </>
  );
}
