import { Flex, Tag, Typography } from 'antd';
import type { taiqiuAdmin } from '@breakshot/contracts';
import { selectionOutcomeLabels } from '../lib/bet-labels';

type Market = taiqiuAdmin.CorrectionItem['markets'][number];
type Outcome = taiqiuAdmin.SelectionOutcome;

const outcomeColor: Record<Outcome, string> = { won: 'green', lost: 'red', void: 'default' };
const UNCHANGED = '结果不变';

const outcomeTag = (o: Outcome) => (
  <Tag color={outcomeColor[o]} style={{ marginInlineEnd: 0 }}>
    {selectionOutcomeLabels[o]}
  </Tag>
);

/**
 * The markets of a result correction (docs/design.md §9, "Result corrections"): each one's name
 * and the selections whose outcome it changes, before → after.
 */
export function CorrectedMarkets({ markets }: { markets: Market[] }) {
  return (
    <Flex vertical gap={4}>
      {markets.map((m) => {
        const changed = m.selections.filter((s) => s.before !== s.after);
        return (
          <div key={m.marketId} data-testid={`corrected-market-${m.marketId}`}>
            <Typography.Text strong>{m.marketName}</Typography.Text>
            {changed.length === 0 ? (
              <Typography.Text type="secondary">：{UNCHANGED}</Typography.Text>
            ) : (
              <Flex vertical gap={2}>
                {changed.map((s) => (
                  <Flex key={s.selectionId} gap={4} align="center" wrap>
                    <Typography.Text>{s.name}</Typography.Text>
                    {outcomeTag(s.before)}→{outcomeTag(s.after)}
                  </Flex>
                ))}
              </Flex>
            )}
          </div>
        );
      })}
    </Flex>
  );
}
