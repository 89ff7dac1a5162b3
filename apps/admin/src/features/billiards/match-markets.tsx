import { useState } from 'react';
import { Button, Card, Col, Empty, InputNumber, Row, Space, Tag, Typography } from 'antd';
import { taiqiuAdmin, type taiqiu } from '@breakshot/contracts';
import { money } from '../../lib/money';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { billiardsTexts as t } from './texts';

const marketColor: Record<string, string> = { open: 'green', suspended: 'orange', closed: 'default' };

function SelectionOdds({ selection, editable }: { selection: taiqiu.Market['selections'][number]; editable: boolean }) {
  const [odds, setOdds] = useState<number | null>(selection.odds);
  const save = useAction(taiqiuAdmin.oddsSet, { done: t.oddsSaved, refresh: [taiqiuAdmin.matchesList] });
  const changed = odds !== null && odds !== selection.odds;
  return (
    <Space>
      <Typography.Text style={{ minWidth: 96, display: 'inline-block' }}>{selection.name}</Typography.Text>
      {editable ? (
        <>
          <InputNumber
            size="small"
            min={1.001}
            max={1000}
            step={0.01}
            precision={3}
            value={odds}
            onChange={setOdds}
            style={{ width: 100 }}
            aria-label={`${selection.name} odds`}
          />
          <Button
            size="small"
            type={changed ? 'primary' : 'default'}
            disabled={!changed}
            loading={save.isPending}
            onClick={() => odds !== null && save.mutate({ selectionId: selection.id, odds })}
          >
            {t.saveOdds}
          </Button>
        </>
      ) : (
        <Typography.Text strong>{selection.odds.toFixed(2)}</Typography.Text>
      )}
    </Space>
  );
}

function MarketCard({ market, matchOpen }: { market: taiqiu.Market; matchOpen: boolean }) {
  const may = useMay();
  const suspend = useAction(taiqiuAdmin.marketSuspend, { done: t.suspended, refresh: [taiqiuAdmin.matchesList] });
  const open = useAction(taiqiuAdmin.marketOpen, { done: t.opened, refresh: [taiqiuAdmin.matchesList] });
  const editable = matchOpen && market.status !== 'closed' && may(taiqiuAdmin.oddsSet);
  return (
    <Card
      size="small"
      title={
        <Space>
          {market.name}
          {market.line !== undefined && <Tag>{market.line > 0 ? `+${market.line}` : market.line}</Tag>}
          <Tag color={marketColor[market.status]}>{t.marketStatus[market.status]}</Tag>
        </Space>
      }
      extra={
        matchOpen && market.status === 'open' && may(taiqiuAdmin.marketSuspend) ? (
          <Button size="small" loading={suspend.isPending} onClick={() => suspend.mutate({ marketId: market.id })}>
            {t.suspend}
          </Button>
        ) : matchOpen && market.status === 'suspended' && may(taiqiuAdmin.marketOpen) ? (
          <Button
            size="small"
            type="primary"
            loading={open.isPending}
            onClick={() => open.mutate({ marketId: market.id })}
          >
            {t.open}
          </Button>
        ) : null
      }
    >
      <Space orientation="vertical" size={8}>
        {market.selections.map((s) => (
          <SelectionOdds key={`${s.id}-${s.odds}`} selection={s} editable={editable} />
        ))}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.stakeRange}：{money(market.minStake)} – {money(market.maxStake)}
        </Typography.Text>
      </Space>
    </Card>
  );
}

/** The markets of a match (expanded row): odds, suspend and open. */
export function MatchMarkets({ markets, matchOpen }: { markets: taiqiu.Market[]; matchOpen: boolean }) {
  if (markets.length === 0) return <Empty description={t.noMarkets} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Row gutter={[12, 12]}>
      {markets.map((m) => (
        <Col key={m.id} xs={24} md={12} xl={6}>
          <MarketCard market={m} matchOpen={matchOpen} />
        </Col>
      ))}
    </Row>
  );
}
