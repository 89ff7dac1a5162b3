import { Card, Col, Flex, Row, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { operatorCalls, playersAdmin } from '@breakshot/contracts';
import { ContractTable, type RowOf } from '../../components/contract-table';
import { dateTime } from '../../lib/time';
import { auditActionLabel } from './action-labels';
import { auditTexts as t } from './texts';

type Entry = RowOf<typeof playersAdmin.auditList>;
type Obj = Record<string, unknown> | null;

/** Keys whose value differs between before and after. */
const changedKeys = (before: Obj, after: Obj): Set<string> => {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return new Set([...keys].filter((k) => JSON.stringify((before ?? {})[k]) !== JSON.stringify((after ?? {})[k])));
};

function JsonBlock({ title, value, changed }: { title: string; value: Obj; changed: Set<string> }) {
  return (
    <Card size="small" title={title} styles={{ body: { padding: 0 } }}>
      {value === null ? (
        <Typography.Text type="secondary" style={{ display: 'block', padding: 12 }}>
          {t.none}
        </Typography.Text>
      ) : (
        <pre style={{ margin: 0, padding: 12, fontSize: 12, overflow: 'auto', maxHeight: 360 }}>
          {'{\n'}
          {Object.entries(value).map(([k, v], i, all) => (
            <div key={k} style={changed.has(k) ? { background: '#fffbe6' } : undefined}>
              {`  ${JSON.stringify(k)}: ${JSON.stringify(v, null, 2).replace(/\n/g, '\n  ')}${i < all.length - 1 ? ',' : ''}`}
            </div>
          ))}
          {'}'}
        </pre>
      )}
    </Card>
  );
}

function Diff({ entry }: { entry: Entry }) {
  const changed = changedKeys(entry.before, entry.after);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Row gutter={12}>
        <Col span={12}>
          <JsonBlock title={t.before} value={entry.before} changed={changed} />
        </Col>
        <Col span={12}>
          <JsonBlock title={t.after} value={entry.after} changed={changed} />
        </Col>
      </Row>
      {Object.keys(entry.payload).length > 0 && (
        <JsonBlock title={t.payload} value={entry.payload} changed={new Set()} />
      )}
    </Space>
  );
}

/** An action in words, its code beneath (what the filter and the CSV export use). */
function ActionName({ code }: { code: string }) {
  return (
    <Flex vertical>
      <Typography.Text>{auditActionLabel(code)}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="action-code">
        {code}
      </Typography.Text>
    </Flex>
  );
}

const actionOptions = operatorCalls.auditActions.map((code) => ({ value: code, label: auditActionLabel(code) }));

const columns: ColumnsType<Entry> = [
  { title: t.id, dataIndex: 'id', width: 80 },
  { title: t.at, dataIndex: 'at', render: dateTime, width: 180 },
  { title: t.operator, dataIndex: 'operator', render: (v: string) => <Tag color="blue">{v}</Tag> },
  { title: t.action, dataIndex: 'action', render: (code: string) => <ActionName code={code} /> },
  { title: t.target, dataIndex: 'target' },
  {
    title: '',
    key: 'changes',
    render: (_: unknown, e: Entry) => {
      const n = changedKeys(e.before, e.after).size;
      return n > 0 ? <Typography.Text type="secondary">{t.changed(n)}</Typography.Text> : null;
    },
  },
];

export default function AuditPage() {
  return (
    <ContractTable
      title={t.title}
      call={playersAdmin.auditList}
      rowKey="id"
      columns={columns}
      filters={[
        { name: 'action', label: t.action, kind: 'select', options: actionOptions, searchable: true, width: 220 },
        { name: 'operator', label: t.operator },
        { name: 'target', label: t.target },
      ]}
      expandable={{ expandedRowRender: (e) => <Diff entry={e} /> }}
    />
  );
}
