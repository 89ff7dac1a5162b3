import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Card, Flex, Input, Select, Space, Table, Typography } from 'antd';
import { CloseCircleOutlined, HomeOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { agent, agentsAdmin } from '@breakshot/contracts';
import { MAX_PAGE_SIZE } from '../../components/contract-table';
import { call, errorText } from '../../lib/api';
import { percent } from '../../lib/basis-points';
import { dateTime } from '../../lib/time';
import { callKey } from '../../lib/query-client';
import { gameName, gameTypes, kindTag } from './labels';
import { agentTexts as t } from './texts';

type Row = agentsAdmin.AgentRow;

/** What the tree shows: a search by name, or the direct members of `parentId` (top level when null). */
export interface TreeView {
  parentId: number | null;
  keyword: string;
  kind: agent.MemberKind | null;
}

/** 顶级玩家 › … › the player whose direct members are shown (their upline chain from agents/details). */
function Crumbs({ parentId, onBrowse }: { parentId: number | null; onBrowse: (id: number | null) => void }) {
  const { data } = useQuery({
    queryKey: callKey(agentsAdmin.agentDetails, { id: parentId }),
    queryFn: () => call(agentsAdmin.agentDetails, { id: parentId! }),
    enabled: parentId !== null,
  });
  const top = (
    <Space size={4}>
      <HomeOutlined />
      {t.topLevel}
    </Space>
  );
  const up = [...(data?.chain ?? [])].reverse();
  return (
    <Breadcrumb
      items={[
        { title: parentId === null ? top : <a onClick={() => onBrowse(null)}>{top}</a> },
        ...up.map((c) => ({ title: <a onClick={() => onBrowse(c.id)}>{c.username}</a> })),
        ...(parentId === null ? [] : [{ title: <Typography.Text strong>{data?.username ?? '…'}</Typography.Text> }]),
      ]}
    />
  );
}

interface TreeProps {
  view: TreeView;
  /** Show the direct members of a player (null: the top level). */
  onBrowse: (parentId: number | null) => void;
  onOpen: (id: number) => void;
}

function TreeTable({ view, onBrowse, onOpen }: TreeProps) {
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const { keyword, parentId, kind } = view;
  const input = {
    ...(keyword ? { keyword } : { parentId: parentId ?? undefined }),
    kind: kind ?? undefined,
    ...paging,
  };
  const query = useQuery({
    queryKey: callKey(agentsAdmin.agentsList, input),
    queryFn: ({ signal }) => call(agentsAdmin.agentsList, input, { signal }),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<Row> = [
    {
      title: t.username,
      dataIndex: 'username',
      render: (u: string, r) => (
        <a onClick={() => onOpen(r.id)} style={{ fontWeight: 500 }}>
          {u}
        </a>
      ),
    },
    { title: t.kind, dataIndex: 'kind', width: 80, render: kindTag },
    {
      title: t.rates,
      children: gameTypes.map((g) => ({
        title: gameName(g),
        key: g,
        width: 84,
        align: 'right' as const,
        render: (_: unknown, r: Row) => percent(r.rates[g]),
      })),
    },
    {
      title: t.dividendRatio,
      dataIndex: 'dividendRatioBp',
      width: 96,
      align: 'right',
      render: (v: number) => percent(v),
    },
    {
      title: t.directCount,
      dataIndex: 'directCount',
      width: 80,
      align: 'right',
      render: (n: number, r) =>
        n > 0 ? (
          <Button
            type="link"
            size="small"
            onClick={() => onBrowse(r.id)}
            aria-label={`${t.viewDownline} ${r.username}`}
            style={{ padding: 0 }}
          >
            {n}
          </Button>
        ) : (
          <Typography.Text type="secondary">0</Typography.Text>
        ),
    },
    { title: t.teamCount, dataIndex: 'teamCount', width: 80, align: 'right' },
    {
      title: t.upline,
      dataIndex: 'parent',
      render: (p: Row['parent']) =>
        p ? <a onClick={() => onOpen(p.id)}>{p.username}</a> : <Typography.Text type="secondary">-</Typography.Text>,
    },
    { title: t.createdAt, dataIndex: 'createdAt', width: 160, render: dateTime },
    {
      title: t.actions,
      key: 'actions',
      width: 110,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onOpen(r.id)}>
            {t.detail}
          </Button>
          <Button type="link" size="small" disabled={r.directCount === 0} onClick={() => onBrowse(r.id)}>
            {t.downline}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={query.data?.list ?? []}
      loading={query.isFetching}
      locale={{
        emptyText: query.isError ? errorText(query.error) : parentId !== null && !keyword ? t.noDownline : undefined,
      }}
      pagination={{
        current: paging.page,
        pageSize: paging.pageSize,
        total: query.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, MAX_PAGE_SIZE],
        showTotal: t.total,
      }}
      onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: Math.min(p.pageSize ?? 20, MAX_PAGE_SIZE) })}
    />
  );
}

/**
 * The invite tree: browsed from the top-level players down (breadcrumbs of the chain), or searched
 * by username; filtered by kind either way.
 */
export function AgentTree({
  view,
  onBrowse,
  onOpen,
  onSearch,
  onKind,
}: TreeProps & {
  onSearch: (keyword: string) => void;
  onKind: (kind: agent.MemberKind | null) => void;
}) {
  const searching = view.keyword !== '';
  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={view.keyword}
          defaultValue={view.keyword}
          allowClear
          enterButton={t.search}
          placeholder={t.searchPlaceholder}
          aria-label={t.searchPlaceholder}
          style={{ width: 320 }}
          onSearch={(v) => onSearch(v.trim())}
        />
        <Select
          allowClear
          placeholder={t.allKinds}
          aria-label={t.kindFilter}
          value={view.kind ?? undefined}
          onChange={(v?: agent.MemberKind) => onKind(v ?? null)}
          options={agent.memberKinds.map((k) => ({ value: k, label: t.kinds[k] }))}
          style={{ width: 130 }}
        />
      </Space>
      <Flex align="center" style={{ marginBottom: 12, minHeight: 24 }}>
        {searching ? (
          <Space>
            <Typography.Text strong>{t.searchResults(view.keyword)}</Typography.Text>
            <Button size="small" type="link" icon={<CloseCircleOutlined />} onClick={() => onSearch('')}>
              {t.clearSearch}
            </Button>
          </Space>
        ) : (
          <Crumbs parentId={view.parentId} onBrowse={onBrowse} />
        )}
      </Flex>
      <TreeTable
        key={`${view.keyword}|${view.parentId}|${view.kind}`}
        view={view}
        onBrowse={onBrowse}
        onOpen={onOpen}
      />
    </Card>
  );
}
