import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Badge,
  Card,
  Col,
  Empty,
  Flex,
  Progress,
  Row,
  Space,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  AlertOutlined,
  FileTextOutlined,
  FundOutlined,
  QuestionCircleOutlined,
  TrophyOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { taiqiuAdmin } from '@breakshot/contracts';
import { Liability } from '../../components/liability-text';
import { MoneyText } from '../../components/money-text';
import { ReadFailed } from '../../components/read-failed';
import { call } from '../../lib/api';
import { usePollWhileDown } from '../../lib/console-live';
import { grouped, money } from '../../lib/money';
import { paths, TICKER_MATCH_PARAM } from '../../lib/paths';
import { callKey } from '../../lib/query-client';
import { siteTime } from '../../lib/time';
import { QUEUE_POLL_MS } from '../../lib/use-queues';
import { overviewTexts as t } from './texts';

type ExposureMatch = taiqiuAdmin.ExposureMatch;

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
/** A market's worst case at this share of its limit and above is orange, then red (the limit holds it at 100 %). */
const WARN_BP = 6_000;
const DANGER_BP = 9_000;

/** A column title with its explanation on hover. */
function hinted(title: string, hint: string): ReactNode {
  return (
    <Tooltip title={hint}>
      <span>
        {title} <QuestionCircleOutlined style={{ fontSize: 12, opacity: 0.5 }} />
      </span>
    </Tooltip>
  );
}

/** The match: its name, its state (the score once live) and when it starts, on the site's clock. */
function MatchCell({ match }: { match: ExposureMatch }) {
  const live = match.status === 'live';
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>{match.matchName}</Typography.Text>
      <Space size={8} wrap={false}>
        <Tag color={live ? 'red' : 'blue'} style={{ marginInlineEnd: 0 }}>
          {t.statuses[match.status]}
        </Tag>
        {live && (
          <Typography.Text strong style={tabular} data-testid="match-score">
            {match.score.a} : {match.score.b}
          </Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12, ...tabular }}>
          {siteTime(match.startAt)}
        </Typography.Text>
      </Space>
    </Flex>
  );
}

/** How near its fullest limited market is to being held: green, orange from 60 %, red from 90 %. */
function FullestCell({ bp }: { bp: number | null }) {
  const { token } = theme.useToken();
  if (bp === null)
    return (
      <Tooltip title={t.noLimitTip}>
        <Typography.Text type="secondary">{t.noLimit}</Typography.Text>
      </Tooltip>
    );
  const color = bp >= DANGER_BP ? token.colorError : bp >= WARN_BP ? token.colorWarning : token.colorSuccess;
  const percent = bp / 100;
  return (
    <Progress
      percent={Math.min(100, percent)}
      strokeColor={color}
      size="small"
      status="normal"
      format={() => (
        <span style={{ color: bp >= DANGER_BP ? color : undefined, ...tabular }}>{`${Math.floor(percent)}%`}</span>
      )}
      data-testid="fullest"
      style={{ margin: 0, minWidth: 120 }}
    />
  );
}

function columns(): ColumnsType<ExposureMatch> {
  return [
    { title: t.match, key: 'match', render: (_: unknown, m: ExposureMatch) => <MatchCell match={m} /> },
    {
      title: t.openBets,
      dataIndex: 'openBets',
      width: 100,
      align: 'right',
      render: (n: number) => (
        <Typography.Text style={tabular} data-testid="open-bets">
          {grouped(n)}
        </Typography.Text>
      ),
    },
    {
      title: hinted(t.stake, t.stakeHint),
      dataIndex: 'stake',
      width: 140,
      align: 'right',
      render: (amount: number) => <MoneyText value={amount} />,
    },
    {
      title: hinted(t.worst, t.worstHint),
      dataIndex: 'worst',
      width: 150,
      align: 'right',
      render: (amount: number) => (
        <span data-testid="worst">
          <Liability amount={amount} strong={amount > 0} />
        </span>
      ),
    },
    {
      title: hinted(t.fullest, t.fullestTip),
      dataIndex: 'fullestBp',
      width: 180,
      render: (bp: number | null) => <FullestCell bp={bp} />,
    },
    {
      title: hinted(t.held, t.heldTip),
      dataIndex: 'heldMarkets',
      width: 110,
      align: 'center',
      render: (n: number) =>
        n > 0 ? (
          <Tag color="warning" style={{ marginInlineEnd: 0 }} data-testid="held">
            {t.heldN(n)}
          </Tag>
        ) : (
          <Typography.Text type="secondary">0</Typography.Text>
        ),
    },
    {
      title: t.alerts,
      dataIndex: 'openAlerts',
      width: 110,
      align: 'center',
      render: (n: number) =>
        n > 0 ? (
          <Link to={paths.tradingAlerts} aria-label={t.alertsLink(n)}>
            <Badge count={n} overflowCount={99} />
          </Link>
        ) : (
          <Typography.Text type="secondary">0</Typography.Text>
        ),
    },
    {
      title: t.actions,
      key: 'links',
      width: 130,
      render: (_: unknown, m: ExposureMatch) => (
        <Space size={12}>
          <Tooltip title={t.billiardsTip}>
            <Link to={paths.billiards}>{t.billiards}</Link>
          </Tooltip>
          <Tooltip title={t.tickerTip}>
            <Link to={`${paths.tradingTicker}?${TICKER_MATCH_PARAM}=${m.matchId}`}>{t.ticker}</Link>
          </Tooltip>
        </Space>
      ),
    },
  ];
}

/** A figure of the book at the top: its title (explained on hover), value and icon. */
function Figure({
  title,
  hint,
  value,
  icon,
  color,
  loading,
  testId,
}: {
  title: string;
  hint: string;
  value: string;
  icon: ReactNode;
  color?: string;
  loading: boolean;
  testId: string;
}) {
  return (
    <Col xs={24} sm={12} xl={6}>
      <Card variant="borderless" style={{ height: '100%' }}>
        <Statistic
          title={hinted(title, hint)}
          value={value}
          prefix={icon}
          loading={loading}
          styles={{ content: { color, ...tabular } }}
          data-testid={testId}
        />
      </Card>
    </Col>
  );
}

/** A figure not read yet. */
const NOT_READ = '—';

/**
 * 风险总览: the book at a glance (docs/design.md §9, "Exposure"): every match open to bets, the worst
 * first, with its open bets, stakes, worst case, how full its fullest limited market is, its held
 * markets and its open alerts; the book's totals above. Read again on each news of a book and on a
 * changed count of alerts (lib/console-live.tsx), every 5 s while the live connection is down.
 */
export default function TradingOverviewPage() {
  const { token } = theme.useToken();
  const refetchInterval = usePollWhileDown(QUEUE_POLL_MS);
  const query = useQuery({
    queryKey: callKey(taiqiuAdmin.exposure, {}),
    queryFn: ({ signal }) => call(taiqiuAdmin.exposure, {}, { signal }),
    refetchInterval,
    refetchIntervalInBackground: true,
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const loading = data === undefined && query.isLoading;
  const worst = data?.worst ?? 0;
  // Never read (a failed first read): no figure, not a zero the book may not have.
  const shown = <T,>(value: T | undefined, format: (v: T) => string) =>
    value === undefined ? NOT_READ : format(value);
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Figure
          title={t.matches}
          hint={t.matchesHint}
          value={shown(data?.matches.length, grouped)}
          icon={<TrophyOutlined style={{ color: token.colorPrimary }} />}
          loading={loading}
          testId="total-matches"
        />
        <Figure
          title={t.openBets}
          hint={t.openBetsHint}
          value={shown(data?.openBets, grouped)}
          icon={<FileTextOutlined style={{ color: '#722ed1' }} />}
          loading={loading}
          testId="total-bets"
        />
        <Figure
          title={t.stake}
          hint={t.stakeHint}
          value={shown(data?.stake, money)}
          icon={<WalletOutlined style={{ color: '#13c2c2' }} />}
          loading={loading}
          testId="total-stake"
        />
        <Figure
          title={t.worst}
          hint={t.worstHint}
          value={shown(data?.worst, money)}
          icon={<FundOutlined style={{ color: worst > 0 ? token.colorError : token.colorSuccess }} />}
          color={worst > 0 ? token.colorError : undefined}
          loading={loading}
          testId="total-worst"
        />
      </Row>
      <Card
        variant="borderless"
        title={
          <Space size={8}>
            <AlertOutlined style={{ color: token.colorWarning }} />
            {t.listTitle}
            <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
              {t.listNote}
            </Typography.Text>
          </Space>
        }
        extra={<UpdatedNote at={data?.at} />}
      >
        <ReadFailed query={query} style={{ marginBottom: 16 }} />
        <Table<ExposureMatch>
          rowKey="matchId"
          size="middle"
          columns={columns()}
          dataSource={data?.matches ?? []}
          loading={loading}
          pagination={false}
          scroll={{ x: 1100 }}
          // 暂无… only once a read has said so (a failed one shows above).
          locale={{ emptyText: data ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} /> : ' ' }}
        />
      </Card>
    </Flex>
  );
}

/** When the figures were read, and whether they follow the book live or by polling. */
function UpdatedNote({ at }: { at: string | undefined }) {
  const polling = usePollWhileDown(QUEUE_POLL_MS) !== false;
  return (
    <Space size={12}>
      <Badge status={polling ? 'warning' : 'success'} text={polling ? t.pollingNote : t.liveNote} />
      {at && (
        <Typography.Text type="secondary" style={tabular} data-testid="updated-at">
          {t.updatedAt(siteTime(at, { seconds: true }).slice(11))}
        </Typography.Text>
      )}
    </Space>
  );
}
