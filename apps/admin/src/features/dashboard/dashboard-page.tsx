import { useMemo } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Card, Col, List, Row, Skeleton, Statistic, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  LineChartOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { playersAdmin } from '@breakshot/contracts';
import { EChart, type EChartOption } from '../../components/echart';
import { call, errorText } from '../../lib/api';
import { money } from '../../lib/money';
import { paths } from '../../lib/paths';
import { callKey } from '../../lib/query-client';
import { dashboardTexts as t } from './texts';

const yuan = (minor: number) => minor / 100;
const axisMoney = (v: number) => (Math.abs(v) >= 10_000 ? `${v / 10_000}万` : String(v));

export default function DashboardPage() {
  const { data, error, isLoading } = useQuery({
    queryKey: callKey(playersAdmin.dashboard),
    queryFn: () => call(playersAdmin.dashboard, {}),
    refetchInterval: 60_000,
  });

  const charts = useMemo(() => {
    if (!data) return null;
    const dates = data.days.map((d) => d.date.slice(5));
    const tooltip = { trigger: 'axis', valueFormatter: (v: number) => money(Math.round(v * 100)) };
    const grid = { left: 56, right: 24, top: 40, bottom: 32 };
    const moneyChart: EChartOption = {
      tooltip,
      legend: { top: 0 },
      grid,
      xAxis: { type: 'category', data: dates },
      yAxis: { type: 'value', axisLabel: { formatter: axisMoney } },
      series: [
        {
          name: t.depositSeries,
          type: 'bar',
          data: data.days.map((d) => yuan(d.depositAmount)),
          itemStyle: { color: '#1668dc' },
        },
        {
          name: t.withdrawalSeries,
          type: 'bar',
          data: data.days.map((d) => yuan(d.withdrawalAmount)),
          itemStyle: { color: '#fa8c16' },
        },
      ],
    };
    const ggrChart: EChartOption = {
      tooltip,
      legend: { top: 0 },
      grid,
      xAxis: { type: 'category', data: dates, boundaryGap: false },
      yAxis: { type: 'value', axisLabel: { formatter: axisMoney } },
      series: [
        {
          name: t.ggrSeries,
          type: 'line',
          smooth: true,
          data: data.days.map((d) => yuan(d.ggr)),
          itemStyle: { color: '#52c41a' },
          areaStyle: { opacity: 0.12 },
        },
      ],
    };
    return { moneyChart, ggrChart };
  }, [data]);

  if (error) return <Alert type="error" showIcon title={errorText(error)} />;
  if (isLoading || !data || !charts) return <Skeleton active paragraph={{ rows: 12 }} />;

  const { today, queues } = data;
  const stats = [
    {
      title: t.deposits,
      value: money(today.depositAmount),
      extra: t.count(today.depositCount),
      icon: <ArrowDownOutlined style={{ color: '#1668dc' }} />,
    },
    {
      title: t.withdrawals,
      value: money(today.withdrawalAmount),
      extra: t.count(today.withdrawalCount),
      icon: <ArrowUpOutlined style={{ color: '#fa8c16' }} />,
    },
    {
      title: t.ggr,
      value: money(today.ggr),
      extra: null,
      icon: <LineChartOutlined style={{ color: today.ggr >= 0 ? '#52c41a' : '#ff4d4f' }} />,
    },
    {
      title: t.active,
      value: today.activePlayers,
      extra: t.bettors(today.bettors),
      icon: <TeamOutlined style={{ color: '#722ed1' }} />,
    },
    {
      title: t.newPlayers,
      value: today.newPlayers,
      extra: null,
      icon: <UserAddOutlined style={{ color: '#13c2c2' }} />,
    },
  ];
  const queueRows = [
    { label: t.manualDeposits, count: queues.manualDeposits, to: paths.deposits },
    { label: t.withdrawalsReviewing, count: queues.withdrawalsReviewing, to: paths.withdrawals },
    { label: t.withdrawalsApproved, count: queues.withdrawalsApproved, to: paths.withdrawals },
  ];

  return (
    <>
      <Row gutter={[16, 16]}>
        {stats.map((s) => (
          <Col key={s.title} flex="1 1 220px">
            <Card variant="borderless">
              <Statistic title={s.title} value={s.value} prefix={s.icon} />
              <Typography.Text type="secondary">{s.extra ?? '\u00a0'}</Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={16}>
          <Card variant="borderless" title={t.moneyChart}>
            <EChart option={charts.moneyChart} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card
            variant="borderless"
            style={{ height: '100%' }}
            title={t.queues}
            extra={<Typography.Text type="secondary">{t.timeZone(data.timeZone)}</Typography.Text>}
          >
            <List
              dataSource={queueRows}
              renderItem={(q) => (
                <List.Item
                  actions={[
                    <Link key="go" to={q.to}>
                      {t.go}
                    </Link>,
                  ]}
                >
                  <List.Item.Meta title={q.label} />
                  <Badge count={q.count} showZero color={q.count > 0 ? '#ff4d4f' : '#d9d9d9'} overflowCount={999} />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card variant="borderless" title={t.ggrChart}>
            <EChart option={charts.ggrChart} height={280} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
