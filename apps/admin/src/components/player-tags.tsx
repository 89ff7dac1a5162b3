import { Space, Tag } from 'antd';
import { playerRiskAdmin } from '@breakshot/contracts';

type Preset = (typeof playerRiskAdmin.presetTags)[number];

/** The preset tags in the operator's words and colours; a custom tag shows as written. */
export const presetTagLabels: Record<Preset, string> = {
  vip: 'VIP',
  sharp: '职业玩家',
  bonus_hunter: '套利',
  watch: '观察',
};
const presetColors: Record<Preset, string> = { vip: 'gold', sharp: 'red', bonus_hunter: 'volcano', watch: 'orange' };

const isPreset = (tag: string): tag is Preset => tag in presetTagLabels;

export const tagLabel = (tag: string) => (isPreset(tag) ? presetTagLabels[tag] : tag);

/** The presets as options of a Select. */
export const presetTagOptions = playerRiskAdmin.presetTags.map((tag) => ({ value: tag, label: presetTagLabels[tag] }));

/** A player's tags as small chips (player-risk-admin.ts), wherever the player is shown to a reviewer. */
export function PlayerTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <Space size={4} wrap data-testid="player-tags">
      {tags.map((tag) => (
        <Tag key={tag} color={isPreset(tag) ? presetColors[tag] : 'blue'} style={{ marginInlineEnd: 0 }}>
          {tagLabel(tag)}
        </Tag>
      ))}
    </Space>
  );
}
