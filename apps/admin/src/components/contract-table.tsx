import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ColumnsType, TableProps } from 'antd/es/table';
import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { operatorCalls, DataOf } from '@breakshot/contracts';
import { call, downloadCsv, errorText, type InputOf } from '../lib/api';
import { callKey } from '../lib/query-client';
import { siteDaysRange } from '../lib/time';

/** A list call: answers `{ list, total, page, pageSize }`. */
export type PageCall = operatorCalls.AdminCall<z.ZodType, z.ZodType<{ data: { list: unknown[]; total: number } }>>;
export type RowOf<C extends operatorCalls.AdminCall> = DataOf<C> extends { list: (infer R)[] } ? R : never;

/**
 * A filter above the table: a text box, a select of fixed options, a day sent as YYYY-MM-DD, or a
 * range of days sent as the call's `from` (first day's midnight) and `to` (midnight after the last
 * day), as contracts `timeRange` has them.
 */
export interface FilterField {
  name: string;
  label: string;
  kind?: 'text' | 'select' | 'number' | 'date' | 'dateRange';
  options?: { value: string | number; label: string }[];
  /** A select whose options are many: typing narrows them by label. */
  searchable?: boolean;
  placeholder?: string;
  width?: number;
}

export const MAX_PAGE_SIZE = 100;

/** The form's values as the call takes them: a day becomes its date, each day range `from` and `to`. */
function toFilters(values: Record<string, unknown>, filters: FilterField[]): Record<string, unknown> {
  const out = { ...values };
  for (const f of filters.filter((x) => x.kind === 'date')) {
    const day = out[f.name] as Dayjs | null | undefined;
    if (day) out[f.name] = day.format('YYYY-MM-DD');
    else delete out[f.name];
  }
  for (const f of filters.filter((x) => x.kind === 'dateRange')) {
    const days = out[f.name] as [Dayjs, Dayjs] | null | undefined;
    delete out[f.name];
    if (days) Object.assign(out, siteDaysRange(days));
  }
  return out;
}

export interface ContractTableProps<C extends PageCall> {
  call: C;
  columns: ColumnsType<RowOf<C>>;
  /** A row's field, or a function of the row where no field is a key alone. */
  rowKey: (keyof RowOf<C> & string) | ((row: RowOf<C>) => string | number);
  /** Filter fields shown in a form above the table. */
  filters?: FilterField[];
  /** Request fields set by the page, not the operator (e.g. the player's username, the status tab). */
  fixed?: Partial<InputOf<C>>;
  title?: ReactNode;
  /** Buttons beside the search and export buttons. */
  extra?: ReactNode;
  expandable?: TableProps<RowOf<C>>['expandable'];
  /** Shown above the table with the answer (e.g. a summary of the bets list). */
  summary?: (data: DataOf<C>) => ReactNode;
  defaultPageSize?: number;
  scrollX?: number;
  /** Without its own card (inside a card of the page, e.g. a tab). */
  bare?: boolean;
  /**
   * Read again by itself (live news, lib/console-live.tsx): those reads show no spinner, only the
   * first one, a new page or filter and the refresh button do.
   */
  quietRefetch?: boolean;
}

/**
 * The list of every console section: server-side paging (page and pageSize sent to the call),
 * filters, loading and empty states, and a CSV export when the call offers one.
 */
export function ContractTable<C extends PageCall>(props: ContractTableProps<C>) {
  const { call: contract, filters = [], fixed, defaultPageSize = 20 } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [applied, setApplied] = useState<Record<string, unknown>>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: defaultPageSize });
  const [exporting, setExporting] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  const input = { ...applied, ...fixed, page: paging.page, pageSize: paging.pageSize } as InputOf<C>;
  const query = useQuery({
    queryKey: callKey(contract, input),
    queryFn: ({ signal }) => call(contract, input, { signal }),
    placeholderData: keepPreviousData,
  });
  const data = query.data as (DataOf<C> & { list: RowOf<C>[]; total: number }) | undefined;
  const loading = props.quietRefetch ? query.isLoading || query.isPlaceholderData || refreshing : query.isFetching;
  const refetch = () => {
    setRefreshing(true);
    void query.refetch().finally(() => setRefreshing(false));
  };

  const search = (values: Record<string, unknown>) => {
    setApplied(toFilters(values, filters));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const reset = () => {
    form.resetFields();
    search({});
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(contract, { ...applied, ...fixed } as Partial<InputOf<C>>);
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setExporting(false);
    }
  };

  const hasToolbar = filters.length > 0 || contract.csv || props.extra;
  const content = (
    <>
      {hasToolbar && (
        <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }}>
          {filters.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label}>
              {f.kind === 'select' ? (
                <Select
                  allowClear
                  placeholder={f.placeholder ?? '全部'}
                  options={f.options}
                  showSearch={f.searchable ? { optionFilterProp: 'label' } : false}
                  style={{ width: f.width ?? 140 }}
                  aria-label={f.label}
                />
              ) : f.kind === 'date' ? (
                <DatePicker placeholder={f.placeholder} aria-label={f.label} style={{ width: f.width ?? 160 }} />
              ) : f.kind === 'dateRange' ? (
                <DatePicker.RangePicker aria-label={f.label} style={{ width: f.width ?? 260 }} />
              ) : f.kind === 'number' ? (
                <InputNumber placeholder={f.placeholder} style={{ width: f.width ?? 140 }} aria-label={f.label} />
              ) : (
                <Input allowClear placeholder={f.placeholder} style={{ width: f.width ?? 180 }} aria-label={f.label} />
              )}
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              {filters.length > 0 && (
                <>
                  <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                    查询
                  </Button>
                  <Button onClick={reset}>重置</Button>
                </>
              )}
              <Button icon={<ReloadOutlined />} onClick={refetch} aria-label="刷新" />
              {contract.csv && (
                <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
                  导出 CSV
                </Button>
              )}
              {props.extra}
            </Space>
          </Form.Item>
        </Form>
      )}
      {data && props.summary?.(data)}
      <Table<RowOf<C>>
        rowKey={props.rowKey as string | ((row: RowOf<C>) => string | number)}
        size="middle"
        columns={props.columns}
        dataSource={data?.list ?? []}
        loading={loading}
        expandable={props.expandable}
        scroll={props.scrollX ? { x: props.scrollX } : undefined}
        locale={query.isError ? { emptyText: errorText(query.error) } : undefined}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, MAX_PAGE_SIZE],
          showTotal: (total) => `共 ${total} 条`,
        }}
        onChange={(p) =>
          setPaging({
            page: p.current ?? 1,
            pageSize: Math.min(p.pageSize ?? defaultPageSize, MAX_PAGE_SIZE),
          })
        }
      />
    </>
  );
  if (props.bare) return content;
  return (
    <Card title={props.title} variant="borderless">
      {content}
    </Card>
  );
}
