import { useState, type ReactNode } from 'react';
import { Alert, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Select, Space, Tag } from 'antd';
import { taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import type { Dayjs } from 'dayjs';
import { errorText } from '../../lib/api';
import { percent } from '../../lib/basis-points';
import { toMinor } from '../../lib/money';
import { fromPickerValue } from '../../lib/time';
import { useAction } from '../../lib/use-action';
import { billiardsTexts as t } from './texts';
import { ReasonField } from '../../components/reason-field';

type Match = taiqiuAdmin.AdminMatch;
const refresh = [taiqiuAdmin.matchesList];

export function CreateMatchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const create = useAction(taiqiuAdmin.matchCreate, { done: (d) => t.created(d.id), refresh, onSuccess: onClose });
  return (
    <Modal
      open={open}
      title={t.createTitle}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      width={560}
      onOk={async () => {
        const v = (await form.validateFields().catch(() => null)) as {
          playerA: string;
          playerB: string;
          bestOf: (typeof taiqiu.BEST_OF)[number];
          startAt: Dayjs;
          frameWinA?: number;
          handicapLine?: number;
          totalLine?: number;
          minStake?: number;
          maxStake?: number;
        } | null;
        if (!v) return;
        create.mutate({
          playerA: v.playerA,
          playerB: v.playerB,
          bestOf: v.bestOf,
          startAt: fromPickerValue(v.startAt),
          frameWinA: v.frameWinA ?? undefined,
          handicapLine: v.handicapLine ?? undefined,
          totalLine: v.totalLine ?? undefined,
          minStake: v.minStake ? toMinor(v.minStake) : undefined,
          maxStake: v.maxStake ? toMinor(v.maxStake) : undefined,
        });
      }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ bestOf: 7 }}>
        <Space.Compact block>
          <Form.Item
            name="playerA"
            label={t.playerA}
            rules={[{ required: true, message: t.required }]}
            style={{ flex: 1 }}
          >
            <Input maxLength={24} />
          </Form.Item>
          <Form.Item
            name="playerB"
            label={t.playerB}
            rules={[{ required: true, message: t.required }]}
            style={{ flex: 1, marginLeft: 12 }}
          >
            <Input maxLength={24} />
          </Form.Item>
        </Space.Compact>
        <Space.Compact block>
          <Form.Item name="bestOf" label={t.bestOf} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Select options={taiqiu.BEST_OF.map((n) => ({ value: n, label: t.bestOfN(n) }))} />
          </Form.Item>
          <Form.Item
            name="startAt"
            label={t.startAt}
            rules={[{ required: true, message: t.required }]}
            style={{ flex: 1, marginLeft: 12 }}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="frameWinA" label={t.frameWinA} extra={t.frameWinAHint}>
          <InputNumber min={0.05} max={0.95} step={0.05} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="handicapLine" label={t.handicapLine} style={{ flex: 1 }}>
            <InputNumber min={-10.5} max={21.5} step={0.5} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="totalLine" label={t.totalLine} style={{ flex: 1, marginLeft: 12 }}>
            <InputNumber min={0} max={21.5} step={0.5} style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>
        <Space.Compact block>
          <Form.Item name="minStake" label={t.minStake} style={{ flex: 1 }}>
            <InputNumber min={0.01} precision={2} prefix="¥" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="maxStake" label={t.maxStake} style={{ flex: 1, marginLeft: 12 }}>
            <InputNumber min={0.01} precision={2} prefix="¥" style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>
      </Form>
    </Modal>
  );
}

export type ScoreMode = 'score' | 'result' | 'cancel';

/** Live score, final result (settles) or cancel (voids): the three actions on a match's state. */
export function MatchStateModal({
  match,
  mode,
  onClose,
}: {
  match: Match | null;
  mode: ScoreMode;
  onClose: () => void;
}) {
  const [form] = Form.useForm();
  const score = useAction(taiqiuAdmin.scoreSet, { done: t.scoreSaved, refresh, onSuccess: onClose });
  const result = useAction(taiqiuAdmin.matchResult, {
    done: (d) => t.settled(d.settledBets),
    refresh,
    onSuccess: onClose,
  });
  const cancel = useAction(taiqiuAdmin.matchCancel, {
    done: (d) => t.cancelled(d.settledBets),
    refresh,
    onSuccess: onClose,
  });
  const title = mode === 'score' ? t.liveScore : mode === 'result' ? t.resultTitle : t.cancelTitle;
  const max = match ? match.bestOf : 11;
  return (
    <Modal
      open={match !== null}
      title={match ? `${title} · ${match.playerA.name} vs ${match.playerB.name}` : ''}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ danger: mode !== 'score' }}
      confirmLoading={score.isPending || result.isPending || cancel.isPending}
      onOk={async () => {
        if (!match) return;
        const v = (await form.validateFields().catch(() => null)) as { a: number; b: number; reason?: string } | null;
        if (!v) return;
        if (mode === 'score') score.mutate({ matchId: match.id, a: v.a, b: v.b });
        if (mode === 'result') result.mutate({ matchId: match.id, a: v.a, b: v.b });
        if (mode === 'cancel') cancel.mutate({ matchId: match.id, reason: v.reason || undefined });
      }}
    >
      {mode !== 'score' && (
        <Alert
          type="warning"
          showIcon
          title={mode === 'result' ? t.resultHint : t.cancelHint}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={match ? { a: match.score.a, b: match.score.b } : undefined}
      >
        {mode === 'cancel' ? (
          <ReasonField label={t.cancelReason} optional />
        ) : (
          <Space size={16}>
            <Form.Item name="a" label={match?.playerA.name ?? t.a} rules={[{ required: true, message: t.required }]}>
              <InputNumber min={0} max={max} precision={0} />
            </Form.Item>
            <Form.Item name="b" label={match?.playerB.name ?? t.b} rules={[{ required: true, message: t.required }]}>
              <InputNumber min={0} max={max} precision={0} />
            </Form.Item>
          </Space>
        )}
      </Form>
    </Modal>
  );
}

/** One change of 盘口设置: a market type of the match switched on or off, or its margin set. */
export interface SettingChange {
  match: Match;
  /** The type's setting now. */
  from: taiqiuAdmin.MarketSetting;
  off: boolean;
  marginBp: number;
}

const onOff = (off: boolean) => (off ? t.off : t.on);

/**
 * A change of the match confirmed with its reason (required, audited): what it does, the match,
 * and what changes from what to what (`rows`). The server's refusal shows in the dialog, which
 * stays open; `onSave` sends the change with the reason.
 */
export function ReasonConfirmModal({
  open,
  title,
  hint,
  danger = false,
  match,
  rows,
  pending,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  hint: string;
  danger?: boolean;
  match: Match | undefined;
  rows: ReactNode;
  pending: boolean;
  onSave: (reason: string, onError: (err: unknown) => void) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={() => {
        setProblem(null);
        onClose();
      }}
      destroyOnHidden
      width={480}
      okText={t.confirm}
      okButtonProps={{ danger }}
      confirmLoading={pending}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        setProblem(null);
        onSave(v.reason, (err) => setProblem(errorText(err)));
      }}
    >
      {match && (
        <>
          <Alert type={danger ? 'warning' : 'info'} showIcon title={hint} style={{ marginBottom: 16 }} />
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t.match}>
              {match.playerA.name} vs {match.playerB.name}
            </Descriptions.Item>
            {rows}
          </Descriptions>
          {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
          <Form form={form} layout="vertical" preserve={false} requiredMark={false}>
            <ReasonField label={t.reason} required={t.reasonRequired} />
          </Form>
        </>
      )}
    </Modal>
  );
}

/** Confirms a change of 盘口设置: a type switched on or off for players, or its margin set. */
export function MarketSettingModal({
  change,
  onClose,
  onDone,
}: {
  change: SettingChange | null;
  onClose: () => void;
  onDone: (settings: taiqiuAdmin.MarketSetting[]) => void;
}) {
  const type = change ? (t.marketTypes[change.from.type] ?? change.from.type) : '';
  const switching = change !== null && change.off !== change.from.off;
  const save = useAction(taiqiuAdmin.marketsSet, {
    done: () =>
      switching
        ? change.off
          ? t.switchedOff(type)
          : t.switchedOn(type)
        : t.marginSaved(type, percent(change?.marginBp ?? 0)),
    refresh,
    onSuccess: (d) => {
      onDone(d.marketSettings);
      onClose();
    },
  });
  const title = !change
    ? ''
    : switching
      ? (change.off ? t.switchOffTitle : t.switchOnTitle)(type)
      : t.marginTitle(type);
  const hint = !change ? '' : switching ? (change.off ? t.switchOffHint : t.switchOnHint) : t.marginHint;
  return (
    <ReasonConfirmModal
      open={change !== null}
      title={title}
      hint={hint}
      danger={switching && change.off}
      match={change?.match}
      pending={save.isPending}
      onClose={onClose}
      onSave={(reason, onError) =>
        change &&
        save.mutate(
          { matchId: change.match.id, type: change.from.type, off: change.off, marginBp: change.marginBp, reason },
          { onError },
        )
      }
      rows={
        change && (
          <>
            <Descriptions.Item label={t.type}>{type}</Descriptions.Item>
            <Descriptions.Item label={switching ? t.onForPlayers : t.margin}>
              {switching ? (
                <>
                  <Tag>{onOff(change.from.off)}</Tag>→{' '}
                  <Tag color={change.off ? 'volcano' : 'green'}>{onOff(change.off)}</Tag>
                </>
              ) : (
                <span style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {t.changeFromTo(percent(change.from.marginBp), percent(change.marginBp))}
                  {change.marginBp === change.from.defaultMarginBp && ` (${t.toDefault})`}
                </span>
              )}
            </Descriptions.Item>
          </>
        )
      }
    />
  );
}

/** A change of the match's 滚球确认延时, ms. */
export interface DelayChange {
  match: Match;
  /** The delay now. */
  from: number;
  to: number;
}

/** Confirms a new 滚球确认延时, from what to what. */
export function DelayModal({
  change,
  onClose,
  onDone,
}: {
  change: DelayChange | null;
  onClose: () => void;
  onDone: (acceptDelayMs: number) => void;
}) {
  const save = useAction(taiqiuAdmin.delaySet, {
    done: (d) => t.delaySaved(t.delayOf(d.acceptDelayMs)),
    refresh,
    onSuccess: (d) => {
      onDone(d.acceptDelayMs);
      onClose();
    },
  });
  return (
    <ReasonConfirmModal
      open={change !== null}
      title={t.delayTitle}
      hint={t.delayChangeHint}
      match={change?.match}
      pending={save.isPending}
      onClose={onClose}
      onSave={(reason, onError) =>
        change && save.mutate({ matchId: change.match.id, delayMs: change.to, reason }, { onError })
      }
      rows={
        change && (
          <Descriptions.Item label={t.acceptDelay}>
            <span style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t.changeFromTo(t.delayOf(change.from), t.delayOf(change.to))}
            </span>
          </Descriptions.Item>
        )
      }
    />
  );
}

/** The match's 提前结算 switched off (`off`) or on again. */
export interface CashoutChange {
  match: Match;
  off: boolean;
}

/** Confirms switching 提前结算 of the match off or on, with its reason. */
export function CashoutSwitchModal({
  change,
  onClose,
  onDone,
}: {
  change: CashoutChange | null;
  onClose: () => void;
  onDone: (cashoutOff: boolean) => void;
}) {
  const save = useAction(taiqiuAdmin.cashoutSwitch, {
    done: (d) => (d.cashoutOff ? t.cashoutOffDone : t.cashoutOnDone),
    refresh,
    onSuccess: (d) => {
      onDone(d.cashoutOff);
      onClose();
    },
  });
  return (
    <ReasonConfirmModal
      open={change !== null}
      title={change?.off ? t.cashoutOffTitle : t.cashoutOnTitle}
      hint={change?.off ? t.cashoutOffHint : t.cashoutOnHint}
      danger={change?.off ?? false}
      match={change?.match}
      pending={save.isPending}
      onClose={onClose}
      onSave={(reason, onError) =>
        change && save.mutate({ matchId: change.match.id, off: change.off, reason }, { onError })
      }
      rows={
        change && (
          <Descriptions.Item label={t.cashout}>
            <Tag>{t.cashoutOnOff(!change.off)}</Tag>→{' '}
            <Tag color={change.off ? 'volcano' : 'green'}>{t.cashoutOnOff(change.off)}</Tag>
          </Descriptions.Item>
        )
      }
    />
  );
}
