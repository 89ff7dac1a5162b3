import { Badge, Button, Popconfirm, Space, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { operatorCalls } from '@breakshot/contracts';
import { dateTime } from '../lib/time';
import { useAction } from '../lib/use-action';

/*
 * What the notices and messages sections share: items written in Chinese (and optionally
 * English) with a sanitized HTML body, live until an operator withdraws them.
 */

export interface Published {
  id: number;
  title: string;
  titleEn: string | null;
  body: string;
  withdrawnAt: string | null;
}

export interface PublishedTexts {
  status: string;
  live: string;
  withdrawnAt: (time: string) => string;
  actions: string;
  withdraw: string;
  withdrawTitle: string;
  withdrawn: string;
}

/** The title, with the English one under it when there is one. */
export function titleColumn<T extends Published>(title: string): ColumnType<T> {
  return {
    title,
    dataIndex: 'title',
    render: (v: string, item: T) => (
      <Space orientation="vertical" size={0}>
        <Typography.Text strong>{v}</Typography.Text>
        {item.titleEn && <Typography.Text type="secondary">{item.titleEn}</Typography.Text>}
      </Space>
    ),
  };
}

/** Live, or withdrawn at a time. */
export function statusColumn<T extends Published>(t: PublishedTexts): ColumnType<T> {
  return {
    title: t.status,
    key: 'status',
    width: 200,
    render: (_: unknown, item: T) =>
      item.withdrawnAt ? (
        <Badge status="default" text={t.withdrawnAt(dateTime(item.withdrawnAt))} />
      ) : (
        <Badge status="success" text={t.live} />
      ),
  };
}

function WithdrawButton({
  id,
  call,
  list,
  t,
}: {
  id: number;
  call: operatorCalls.AdminCall;
  list: operatorCalls.AdminCall;
  t: PublishedTexts;
}) {
  const withdraw = useAction(call, { done: t.withdrawn, refresh: [list] });
  return (
    <Popconfirm title={t.withdrawTitle} onConfirm={() => withdraw.mutateAsync({ id }).catch(() => undefined)}>
      <Button danger size="small" loading={withdraw.isPending}>
        {t.withdraw}
      </Button>
    </Popconfirm>
  );
}

/** The withdraw action (`call` takes `{ id }`), then `list` is fetched again. */
export function withdrawColumn<T extends Published>(
  call: operatorCalls.AdminCall,
  list: operatorCalls.AdminCall,
  t: PublishedTexts,
): ColumnType<T> {
  return {
    title: t.actions,
    key: 'actions',
    width: 90,
    render: (_: unknown, item: T) =>
      item.withdrawnAt ? null : <WithdrawButton id={item.id} call={call} list={list} t={t} />,
  };
}

/** A row opens to its body, which the server sanitized before storing it. */
export const bodyExpandable = {
  expandedRowRender: (item: Published) => (
    <div
      style={{ maxHeight: 320, overflow: 'auto', padding: '0 8px' }}
      dangerouslySetInnerHTML={{ __html: item.body }}
    />
  ),
};
