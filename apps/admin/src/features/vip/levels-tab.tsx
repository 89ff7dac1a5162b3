import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Table, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { bets, vipAdmin, type GameType, type vip } from '@breakshot/contracts';
import { MoneyText } from '../../components/money-text';
import { call, errorText } from '../../lib/api';
import { callKey } from '../../lib/query-client';
import { useMay } from '../../lib/use-may';
import { LevelForm } from './level-form';
import { percent } from '../../lib/basis-points';
import { RateForm, type RateCell } from './rate-form';
import { vipTexts as t } from './texts';

type Level = vip.VipLevel;

const moneyColumn = (key: 'minValidBet' | 'minDeposits' | 'upgradeBonus' | 'weeklyGift' | 'monthlyGift') => ({
  title: t[key],
  dataIndex: key,
  align: 'right' as const,
  render: (v: number) => <MoneyText value={v} />,
});

/** The VIP levels, one row each, with the rebate table (level × game type) as the last columns. */
export function LevelsTab() {
  const may = useMay();
  const { data, error, isLoading } = useQuery({
    queryKey: callKey(vipAdmin.vipLevelsList),
    queryFn: () => call(vipAdmin.vipLevelsList, {}),
  });
  const [level, setLevel] = useState<Level | null>(null);
  const [cell, setCell] = useState<RateCell | null>(null);
  const mayEditLevel = may(vipAdmin.vipLevelSave);
  const mayEditRate = may(vipAdmin.rebateRateSave);

  const rateColumn = (g: GameType) => ({
    title: t.gameTypes[g] ?? g,
    key: g,
    align: 'right' as const,
    render: (_: unknown, l: Level) => {
      const bp = l.rebateRates[g] ?? 0;
      return mayEditRate ? (
        <Button
          type="link"
          size="small"
          onClick={() => setCell({ level: l.level, gameType: g, rateBp: bp })}
          aria-label={t.rateEdit(l.level, t.gameTypes[g] ?? g)}
          style={{ paddingInline: 0 }}
        >
          {percent(bp)} <EditOutlined />
        </Button>
      ) : (
        percent(bp)
      );
    },
  });

  const columns: ColumnsType<Level> = [
    {
      title: t.level,
      dataIndex: 'level',
      fixed: 'left',
      render: (n: number) => <Typography.Text strong>{t.levelName(n)}</Typography.Text>,
    },
    moneyColumn('minValidBet'),
    moneyColumn('minDeposits'),
    moneyColumn('upgradeBonus'),
    moneyColumn('weeklyGift'),
    moneyColumn('monthlyGift'),
    { title: t.turnoverMultiple, dataIndex: 'turnoverMultiple', align: 'right', render: t.times },
    { title: t.withdrawalsPerDay, dataIndex: 'withdrawalsPerDay', align: 'right', render: t.perDay },
    { title: t.rebateRates, children: bets.gameTypes.map(rateColumn) },
    ...(mayEditLevel
      ? [
          {
            title: t.actions,
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, l: Level) => (
              <Button size="small" onClick={() => setLevel(l)} aria-label={`${t.edit} ${t.levelName(l.level)}`}>
                {t.edit}
              </Button>
            ),
          },
        ]
      : []),
  ];

  if (error) return <Alert type="error" showIcon title={errorText(error)} />;
  return (
    <Card title={t.levels} variant="borderless">
      <Typography.Paragraph type="secondary">{t.levelsHint}</Typography.Paragraph>
      <Table<Level>
        rowKey="level"
        size="small"
        bordered
        columns={columns}
        dataSource={data?.levels ?? []}
        loading={isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <LevelForm level={level} onClose={() => setLevel(null)} />
      <RateForm cell={cell} onClose={() => setCell(null)} />
    </Card>
  );
}
