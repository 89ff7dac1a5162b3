import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Form, InputNumber, Select, Space, Table, Typography, theme } from 'antd';
import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { playerRiskAdmin, taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import { presetTagOptions } from '../../components/player-tags';
import { ReadFailed } from '../../components/read-failed';
import { call } from '../../lib/api';
import { marketTypeLabels } from '../../lib/bet-labels';
import { QUIET_ON_NEWS, useLiveState } from '../../lib/console-live';
import { toMinor } from '../../lib/money';
import { matchIdParam, TICKER_MATCH_PARAM } from '../../lib/paths';
import { callKey } from '../../lib/query-client';
import { siteTime } from '../../lib/time';
import { QUEUE_POLL_MS } from '../../lib/use-queues';
import { tickerColumns } from './ticker-columns';
import { tickerTexts as t } from './texts';

type TickerBet = taiqiuAdmin.TickerBet;
interface Filters {
  matchId?: number;
  marketType?: taiqiu.MarketType;
  minStake?: number;
  tag?: string;
}

/** How long a bet that just arrived stays highlighted. */
const FRESH_MS = 4_000;
/** The matches offered in the filter: the newest ones. */
const MATCH_OPTIONS = { page: 1, pageSize: 100 };

const typeOptions = taiqiu.marketTypes.map((type) => ({ value: type, label: marketTypeLabels[type] }));

/** The preset tags, and what the operator types as a custom one when it is a tag. */
function useTagOptions() {
  const [typed, setTyped] = useState('');
  const custom = typed.trim();
  const isNew =
    playerRiskAdmin.playerTag.safeParse(custom).success && !presetTagOptions.some((o) => o.value === custom);
  const options = isNew ? [...presetTagOptions, { value: custom, label: t.customTag(custom) }] : presetTagOptions;
  return { options, onSearch: setTyped };
}

/** The matches to choose from: read once in a while, never again on news of a book (lib/console-live.tsx). */
function useMatchOptions() {
  const { data, isLoading } = useQuery({
    queryKey: callKey(taiqiuAdmin.matchesList, MATCH_OPTIONS),
    queryFn: ({ signal }) => call(taiqiuAdmin.matchesList, MATCH_OPTIONS, { signal }),
    staleTime: 60_000,
    meta: QUIET_ON_NEWS,
  });
  const options = (data?.list ?? []).map((m) => ({
    value: m.id,
    label: `${m.playerA.name} vs ${m.playerB.name} · ${siteTime(m.startAt).slice(5)}`,
  }));
  return { options, isLoading };
}

/**
 * The ids of the bets that arrived since the list was first shown (the newest come on top: ids
 * above the highest seen), each for FRESH_MS; a new filter starts over without highlighting.
 */
function useFreshIds(items: TickerBet[] | undefined, filterKey: string, settled: boolean): Set<number> {
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const seen = useRef<{ key: string; top: number } | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => {
    if (!items || !settled) return;
    const top = items.reduce((max, b) => Math.max(max, b.id), 0);
    if (seen.current?.key !== filterKey) {
      seen.current = { key: filterKey, top };
      setFresh(new Set());
      return;
    }
    const before = seen.current.top;
    const arrived = items.filter((b) => b.id > before).map((b) => b.id);
    seen.current.top = Math.max(before, top);
    if (arrived.length === 0) return;
    setFresh((f) => new Set([...f, ...arrived]));
    const timer = setTimeout(() => {
      setFresh((f) => new Set([...f].filter((id) => !arrived.includes(id))));
      timers.current = timers.current.filter((x) => x !== timer);
    }, FRESH_MS);
    timers.current.push(timer);
  }, [items, filterKey, settled]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return fresh;
}

function FilterBar({ filters, onChange }: { filters: Filters; onChange: (f: Filters) => void }) {
  const matches = useMatchOptions();
  const tags = useTagOptions();
  const [stake, setStake] = useState<number | null>(null);
  const applyStake = () => {
    const minStake = stake !== null && stake > 0 ? toMinor(stake) : undefined;
    if (minStake !== filters.minStake) onChange({ ...filters, minStake });
  };
  return (
    <Form layout="inline" style={{ rowGap: 12 }} data-testid="ticker-filters">
      <Form.Item label={t.match}>
        <Select
          aria-label={t.match}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t.allMatches}
          loading={matches.isLoading}
          options={matches.options}
          value={filters.matchId}
          onChange={(matchId?: number) => onChange({ ...filters, matchId })}
          style={{ width: 280 }}
        />
      </Form.Item>
      <Form.Item label={t.marketType}>
        <Select
          aria-label={t.marketType}
          allowClear
          placeholder={t.allTypes}
          options={typeOptions}
          value={filters.marketType}
          onChange={(marketType?: taiqiu.MarketType) => onChange({ ...filters, marketType })}
          style={{ width: 150 }}
        />
      </Form.Item>
      <Form.Item label={t.tag}>
        <Select
          aria-label={t.tag}
          allowClear
          showSearch={{ onSearch: tags.onSearch }}
          placeholder={t.allPlayers}
          options={tags.options}
          value={filters.tag}
          onChange={(tag?: string) => onChange({ ...filters, tag })}
          style={{ width: 150 }}
        />
      </Form.Item>
      <Form.Item label={t.minStake} tooltip={t.minStakeHint}>
        <InputNumber<number>
          aria-label={t.minStake}
          prefix="¥"
          placeholder={t.noMin}
          min={0}
          precision={2}
          value={stake}
          onChange={setStake}
          onPressEnter={applyStake}
          onBlur={applyStake}
          style={{ width: 150 }}
        />
      </Form.Item>
    </Form>
  );
}

/**
 * 实时注单: billiards bets as they come, newest first (docs/design.md §9, "The ticker"): read again
 * on each news of a book over the live connection (every few seconds while it is down), each new
 * bet highlighted a moment; 暂停 freezes the list, 加载更多 pages back.
 */
export default function TradingTickerPage() {
  const { token } = theme.useToken();
  const live = useLiveState();
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(() => ({ matchId: matchIdParam(params.get(TICKER_MATCH_PARAM)) }));
  const [paused, setPaused] = useState(false);
  const query = useInfiniteQuery({
    queryKey: callKey(taiqiuAdmin.ticker, filters),
    queryFn: ({ pageParam, signal }) => call(taiqiuAdmin.ticker, { ...filters, beforeId: pageParam }, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.more ? last.items.at(-1)?.id : undefined),
    // Paused: the list shown stays (a new filter still reads its first page).
    enabled: (q) => !paused || q.state.data === undefined,
    refetchInterval: paused || live === 'open' ? false : QUEUE_POLL_MS,
    placeholderData: keepPreviousData,
  });
  const items = query.data?.pages.flatMap((p) => p.items);
  const fresh = useFreshIds(items, JSON.stringify(filters), !query.isPlaceholderData);
  const note = paused ? t.pausedNote : live === 'open' ? t.liveNote : t.pollingNote;

  return (
    <Card variant="borderless">
      <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
        <FilterBar filters={filters} onChange={setFilters} />
        <Space size="middle">
          <Typography.Text type="secondary" data-testid="ticker-note">
            {note}
          </Typography.Text>
          <Button
            icon={paused ? <CaretRightOutlined /> : <PauseOutlined />}
            type={paused ? 'primary' : 'default'}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? t.resume : t.pause}
          </Button>
        </Space>
      </Flex>
      <ReadFailed query={query} style={{ marginBottom: 16 }} />
      <Table<TickerBet>
        rowKey="id"
        size="middle"
        columns={tickerColumns()}
        dataSource={items ?? []}
        loading={query.isLoading || query.isPlaceholderData}
        pagination={false}
        rowClassName={(b) => (fresh.has(b.id) ? 'ticker-fresh' : '')}
        onRow={(b) => ({
          style: {
            background: fresh.has(b.id) ? token.colorWarningBg : undefined,
            transition: 'background-color 1s ease',
          },
        })}
        // 暂无注单 only once a read has said so (a failed one shows above).
        locale={{ emptyText: items ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} /> : ' ' }}
      />
      {items && items.length > 0 && (
        <Flex justify="center" align="center" gap={16} style={{ marginTop: 16 }}>
          <Typography.Text type="secondary">{t.shown(items.length)}</Typography.Text>
          {query.hasNextPage ? (
            <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
              {t.more}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t.end}</Typography.Text>
          )}
        </Flex>
      )}
    </Card>
  );
}
