import { useState } from 'react';
import { Button, Descriptions, Flex, InputNumber, Tag, Typography } from 'antd';
import { taiqiuAdmin } from '@breakshot/contracts';
import { money, toMinor } from '../../lib/money';
import { useAction } from '../../lib/use-action';
import { ReasonConfirmModal } from './match-dialogs';
import { billiardsTexts as t } from './texts';

type Match = taiqiuAdmin.AdminMatch;
type Setting = taiqiuAdmin.MarketSetting;

const limitText = (limit: number | null) => (limit === null ? t.limitNone : money(limit));
const typeName = (s: Setting) => t.marketTypes[s.type] ?? s.type;
/** The server tells a match's own limit only by its differing from the book's. */
const isOwn = (s: Setting) => s.liabilityLimit !== s.defaultLiabilityLimit;

/**
 * 赔付上限 of a market type in the match, typed in yuan, and whether it is the book's default or
 * the match's own; saving or going back to the default asks for a reason first (LimitModal).
 */
export function LimitCell({
  setting,
  editable,
  onSave,
}: {
  setting: Setting;
  editable: boolean;
  /** The match's own limit, minor units; null: the book's default again. */
  onSave: (limit: number | null) => void;
}) {
  const [yuan, setYuan] = useState<number | null>(
    setting.liabilityLimit === null ? null : setting.liabilityLimit / 100,
  );
  const limit = yuan === null ? null : toMinor(yuan);
  const changed = limit !== null && limit > 0 && limit !== setting.liabilityLimit;
  const own = isOwn(setting);
  return (
    <Flex vertical gap={2}>
      <Flex align="center" gap={6}>
        <InputNumber
          size="small"
          min={0.01}
          precision={2}
          step={1000}
          prefix="¥"
          placeholder={t.limitNone}
          value={yuan}
          disabled={!editable}
          onChange={setYuan}
          onPressEnter={() => changed && onSave(limit)}
          style={{ width: 136, fontVariantNumeric: 'tabular-nums' }}
          aria-label={`${typeName(setting)} ${t.liabilityLimit}`}
        />
        {editable && (
          <Button size="small" type={changed ? 'primary' : 'default'} disabled={!changed} onClick={() => onSave(limit)}>
            {t.save}
          </Button>
        )}
      </Flex>
      <Flex align="center" gap={6} style={{ fontSize: 12 }}>
        <Tag
          color={own ? 'gold' : undefined}
          style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px' }}
          data-testid={`limit-source-${setting.type}`}
        >
          {own ? t.limitOwn : t.limitDefault}
        </Tag>
        {own && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.defaultLimit(limitText(setting.defaultLiabilityLimit))}
          </Typography.Text>
        )}
        {editable && own && (
          <Typography.Link style={{ fontSize: 12 }} onClick={() => onSave(null)}>
            {t.toDefault}
          </Typography.Link>
        )}
      </Flex>
    </Flex>
  );
}

/** A change of a market type's 赔付上限 in the match; `to` null: the book's default again. */
export interface LimitChange {
  match: Match;
  from: Setting;
  to: number | null;
}

const toText = (c: LimitChange) =>
  c.to === null ? t.limitToDefault(limitText(c.from.defaultLiabilityLimit)) : money(c.to);

/** Confirms a match's own 赔付上限, or its going back to the default, with a reason. */
export function LimitModal({
  change,
  onClose,
  onDone,
}: {
  change: LimitChange | null;
  onClose: () => void;
  onDone: (settings: Setting[]) => void;
}) {
  const type = change ? typeName(change.from) : '';
  const save = useAction(taiqiuAdmin.limitSet, {
    done: (d) => {
      const limit = d.marketSettings.find((s) => s.type === change?.from.type)?.liabilityLimit ?? null;
      return change?.to === null ? t.limitReset(type) : t.limitSaved(type, limitText(limit));
    },
    refresh: [taiqiuAdmin.matchesList],
    onSuccess: (d) => {
      onDone(d.marketSettings);
      onClose();
    },
  });
  return (
    <ReasonConfirmModal
      open={change !== null}
      title={change?.to === null ? t.limitResetTitle(type) : t.limitTitle(type)}
      hint={t.limitHint}
      match={change?.match}
      pending={save.isPending}
      onClose={onClose}
      onSave={(reason, onError) =>
        change &&
        save.mutate(
          { matchId: change.match.id, type: change.from.type, liabilityLimit: change.to, reason },
          { onError },
        )
      }
      rows={
        change && (
          <>
            <Descriptions.Item label={t.type}>{type}</Descriptions.Item>
            <Descriptions.Item label={t.liabilityLimit}>
              <span style={{ fontVariantNumeric: 'tabular-nums' }}>
                {t.changeFromTo(limitText(change.from.liabilityLimit), toText(change))}
              </span>
            </Descriptions.Item>
          </>
        )
      }
    />
  );
}
