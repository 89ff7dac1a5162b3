import { useRef, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { Card, DatePicker, Flex, Segmented, Tabs, Typography } from 'antd';
import { reportAdmin } from '@breakshot/contracts';
import { paths } from '../../lib/paths';
import { defaultRange, rangePresets, type DayRange } from './range';
import { reportTexts as t } from './texts';

/*
 * What every report of 报表 shares: the tabs between them and the range of the site's days, kept
 * in the address (?from=YYYY-MM-DD&to=YYYY-MM-DD) so a tab keeps the range and a link keeps both.
 */

const TABS = [
  { key: paths.reports, label: t.tabs.pnl },
  { key: paths.reportsPayments, label: t.tabs.payments },
  { key: paths.reportsPlayers, label: t.tabs.players },
  { key: paths.reportsAgents, label: t.tabs.agents },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range in the address, when it holds two days in order; else the last 30 days. */
export function useReportRange(): [DayRange, (days: DayRange) => void] {
  const [params, setParams] = useSearchParams();
  const [from, to] = [params.get('from') ?? '', params.get('to') ?? ''];
  const days: DayRange = DAY.test(from) && DAY.test(to) && from <= to ? [dayjs(from), dayjs(to)] : defaultRange();
  const setDays = (range: DayRange) => setParams(addressOf(range), { replace: true });
  return [days, setDays];
}

/** The range as the address holds it. */
const addressOf = ([first, last]: DayRange) =>
  new URLSearchParams({ from: first.format('YYYY-MM-DD'), to: last.format('YYYY-MM-DD') });

/** The reports' tabs, the range picker, the report's own controls, and what the report counts. */
export function ReportFilters(props: {
  days: DayRange;
  onDays: (d: DayRange) => void;
  intro: string;
  children?: ReactNode;
}) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // The range picked here, kept at once: the render that puts it in `search` is a transition the
  // charts make slow, and a tab clicked before it commits would carry the range before.
  const picked = useRef<string | null>(null);
  const pick = (range: DayRange) => {
    picked.current = `?${addressOf(range)}`;
    props.onDays(range);
  };
  return (
    <Card variant="borderless" styles={{ body: { paddingTop: 4 } }}>
      <Tabs activeKey={pathname} items={TABS} onChange={(key) => navigate(`${key}${picked.current ?? search}`)} />
      <Flex gap={16} wrap align="center">
        <Typography.Text strong>{t.range}</Typography.Text>
        <DatePicker.RangePicker
          aria-label={t.range}
          value={props.days}
          allowClear={false}
          presets={rangePresets()}
          onChange={(v) => v?.[0] && v[1] && pick([v[0], v[1]])}
        />
        {props.children}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
        {props.intro}
      </Typography.Paragraph>
    </Card>
  );
}

/** The periods a report is grouped by: day, week (from Monday) or month. */
export function GroupPicker(props: { value: reportAdmin.ReportGroup; onChange: (g: reportAdmin.ReportGroup) => void }) {
  return (
    <Segmented
      aria-label={t.group}
      value={props.value}
      onChange={(v) => props.onChange(v as reportAdmin.ReportGroup)}
      options={reportAdmin.reportGroups.map((g) => ({ value: g, label: t.groups[g] }))}
    />
  );
}
