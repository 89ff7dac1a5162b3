import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Card,
  Col,
  Descriptions,
  Flex,
  Row,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { kycAdmin, playersAdmin, withdrawalsAdmin, type DataOf } from '@breakshot/contracts';
import { ContractTable, type RowOf } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
import { PlayerKyc } from '../../components/player-kyc';
import { call, errorText } from '../../lib/api';
import { money } from '../../lib/money';
import { dateTime } from '../../lib/time';
import { paths } from '../../lib/paths';
import { callKey } from '../../lib/query-client';
import { useMay } from '../../lib/use-may';
import { PlayerAccounts } from './player-accounts';
import { PlayerActions } from './player-actions';
import { PlayerBets } from './player-bets';
import { PlayerLimits } from './player-limits';
import { PlayerLinks } from './player-links';
import { PlayerRisk } from './player-risk';
import { PlayerTimeline } from './player-timeline';
import { PlayerStakeLimits } from './player-stake-limits';
import { statusTag } from './players-page';
import { playerTexts as t } from './texts';

type Detail = DataOf<typeof playersAdmin.playerDetail>;
type SessionRow = Detail['sessions'][number];
type LedgerRow = RowOf<typeof playersAdmin.playerLedger>;

const sessionColumns: ColumnsType<SessionRow> = [
  { title: t.ip, dataIndex: 'ip', render: (v: string | null) => v ?? '-' },
  {
    title: t.userAgent,
    dataIndex: 'userAgent',
    ellipsis: true,
    render: (v: string | null) => <Typography.Text type="secondary">{v ?? '-'}</Typography.Text>,
  },
  { title: t.sessionCreated, dataIndex: 'createdAt', render: dateTime, width: 180 },
  { title: t.sessionExpires, dataIndex: 'expiresAt', render: dateTime, width: 180 },
  {
    title: t.sessionState,
    key: 'state',
    width: 110,
    render: (_: unknown, s: SessionRow) =>
      s.revokedAt ? (
        <Badge status="default" text={t.revoked} />
      ) : Date.parse(s.expiresAt) < Date.now() ? (
        <Badge status="default" text={t.expired} />
      ) : s.live ? (
        <Badge status="processing" text={t.live} />
      ) : (
        <Badge status="success" text={t.valid} />
      ),
  },
];

const ledgerColumns: ColumnsType<LedgerRow> = [
  { title: t.time, dataIndex: 'createdAt', render: dateTime, width: 180 },
  { title: t.type, dataIndex: 'type', render: (v: string) => <Tag>{t.entryTypes[v] ?? v}</Tag> },
  { title: t.amount, dataIndex: 'amount', align: 'right', render: (v: number) => <MoneyText value={v} signed /> },
  { title: t.balanceAfter, dataIndex: 'balanceAfter', align: 'right', render: (v: number) => <MoneyText value={v} /> },
  {
    title: t.memo,
    key: 'memo',
    render: (_: unknown, r: LedgerRow) =>
      r.memo ?? <Typography.Text type="secondary">{r.reference.id}</Typography.Text>,
  },
];

export default function PlayerDetailPage() {
  const { username = '' } = useParams();
  const may = useMay();
  const input = { username };
  const { data, error, isLoading } = useQuery({
    queryKey: callKey(playersAdmin.playerDetail, input),
    queryFn: () => call(playersAdmin.playerDetail, input),
  });

  const back = (
    <Link to={paths.players}>
      <ArrowLeftOutlined /> {t.back}
    </Link>
  );
  if (error) return <Alert type="error" showIcon title={errorText(error)} action={back} />;
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 10 }} />;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
          <Space size={12} align="center">
            {back}
            <Typography.Title level={4} style={{ margin: 0 }}>
              {data.username}
            </Typography.Title>
            {statusTag(data.status)}
            <Tag color="gold">VIP{data.vipLevel}</Tag>
          </Space>
          <PlayerActions username={data.username} status={data.status} />
        </Flex>
        <Descriptions column={4} size="small">
          <Descriptions.Item label={t.id}>{data.id}</Descriptions.Item>
          <Descriptions.Item label={t.nickname}>{data.nickname}</Descriptions.Item>
          <Descriptions.Item label={t.mobile}>{data.mobile ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t.inviteCode}>{data.inviteCode}</Descriptions.Item>
          <Descriptions.Item label={t.upline}>{data.upline ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t.createdAt}>{dateTime(data.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t.lastLoginAt}>{dateTime(data.lastLoginAt)}</Descriptions.Item>
          {may(kycAdmin.kycList) && (
            <Descriptions.Item label={t.kyc}>
              <PlayerKyc username={data.username} />
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        {[
          { title: t.balance, value: data.balance },
          { title: t.frozen, value: data.frozen },
          { title: t.turnoverLeft, value: data.turnoverLeft },
          { title: t.deposits, value: data.totals.deposits },
          { title: t.withdrawals, value: data.totals.withdrawals },
          { title: t.stake, value: data.totals.stake },
          { title: t.winLoss, value: data.totals.winLoss, signed: true },
        ].map((s) => (
          <Col key={s.title} flex="1 1 160px">
            <Card variant="borderless" size="small">
              <Statistic
                title={s.title}
                value={money(s.value)}
                styles={s.signed ? { content: { color: s.value >= 0 ? '#3f8600' : '#cf1322' } } : undefined}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <PlayerRisk userId={data.id} username={data.username} />
      <PlayerLinks userId={data.id} />
      <PlayerLimits username={data.username} />
      <PlayerStakeLimits userId={data.id} username={data.username} />
      <Card variant="borderless" styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          items={[
            {
              key: 'ledger',
              label: t.ledger,
              children: (
                <ContractTable
                  bare
                  call={playersAdmin.playerLedger}
                  fixed={{ username }}
                  rowKey="id"
                  columns={ledgerColumns}
                />
              ),
            },
            {
              key: 'bets',
              label: t.bets,
              children: <PlayerBets username={username} />,
            },
            { key: 'timeline', label: t.timeline, children: <PlayerTimeline userId={data.id} /> },
            ...(may(withdrawalsAdmin.playerAccounts)
              ? [{ key: 'accounts', label: t.accounts, children: <PlayerAccounts userId={data.id} /> }]
              : []),
            {
              key: 'sessions',
              label: t.sessions,
              children: (
                <Table<SessionRow>
                  rowKey="id"
                  size="middle"
                  columns={sessionColumns}
                  dataSource={data.sessions}
                  pagination={false}
                />
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
