import { useState, type HTMLAttributes } from 'react';
import { Alert, Badge, Button, Drawer, Flex, InputNumber, Switch, Table, Tag, Tooltip, Typography, theme } from 'antd';
import { ClockCircleOutlined, SettingOutlined, TransactionOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { taiqiuAdmin, type taiqiu } from '@breakshot/contracts';
import { percent, toBp } from '../../lib/basis-points';
import { useMay } from '../../lib/use-may';
import {
  CashoutSwitchModal,
  DelayModal,
  MarketSettingModal,
  type CashoutChange,
  type DelayChange,
  type SettingChange,
} from './match-dialogs';
import { TYPE_GROUPS } from './market-groups';
import { LimitCell, LimitModal, type LimitChange } from './match-limit';
import { billiardsTexts as t } from './texts';

type Match = taiqiuAdmin.AdminMatch;
type Setting = taiqiuAdmin.MarketSetting;

/** The contract's margin limit (basis points), typed in percent. */
const MAX_MARGIN_PCT = 30;
/** The contract's acceptance delay limit (30 000 ms), typed in seconds. */
const MAX_DELAY_S = 30;

interface Row extends Setting {
  group: string;
  /** Rows of its group the group cell spans (0 for all but the first). */
  span: number;
  markets: number;
  open: number;
}

function rowsOf(settings: Setting[], markets: taiqiu.Market[]): Row[] {
  return TYPE_GROUPS.flatMap(({ key, types }) => {
    const list = types.flatMap((type) => settings.filter((s) => s.type === type));
    return list.map((s, i) => {
      const mine = markets.filter((m) => m.type === s.type);
      return {
        ...s,
        group: t.groups[key]!,
        span: i === 0 ? list.length : 0,
        markets: mine.length,
        open: mine.filter((m) => m.status === 'open').length,
      };
    });
  });
}

/** The margin of a type, typed in percent; saving asks for a reason first. */
function MarginCell({ setting, editable, onSave }: { setting: Row; editable: boolean; onSave: (bp: number) => void }) {
  const [pct, setPct] = useState<number | null>(setting.marginBp / 100);
  const bp = pct === null ? null : toBp(pct);
  const changed = bp !== null && bp !== setting.marginBp;
  const custom = setting.marginBp !== setting.defaultMarginBp;
  const label = t.marketTypes[setting.type] ?? setting.type;
  return (
    <Flex vertical gap={2}>
      <Flex align="center" gap={6}>
        <InputNumber
          size="small"
          min={0}
          max={MAX_MARGIN_PCT}
          step={0.5}
          precision={2}
          suffix="%"
          value={pct}
          disabled={!editable}
          onChange={setPct}
          onPressEnter={() => changed && onSave(bp)}
          style={{ width: 104, fontVariantNumeric: 'tabular-nums' }}
          aria-label={`${label} ${t.margin}`}
        />
        {editable && (
          <Button size="small" type={changed ? 'primary' : 'default'} disabled={!changed} onClick={() => onSave(bp!)}>
            {t.save}
          </Button>
        )}
      </Flex>
      <Flex align="center" gap={6} style={{ fontSize: 12 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.defaultMargin(percent(setting.defaultMarginBp))}
        </Typography.Text>
        {custom && (
          <Tag color="gold" style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px' }}>
            {t.customMargin}
          </Tag>
        )}
        {editable && pct !== setting.defaultMarginBp / 100 && (
          <Typography.Link style={{ fontSize: 12 }} onClick={() => setPct(setting.defaultMarginBp / 100)}>
            {t.toDefault}
          </Typography.Link>
        )}
      </Flex>
    </Flex>
  );
}

/**
 * The delay typed in seconds with one decimal (sent in ms); above 30 s it says so and does not
 * save. Keyed by the delay, so a saved one starts it afresh.
 */
function DelayInput({ delayMs, onSave }: { delayMs: number; onSave: (ms: number) => void }) {
  const [seconds, setSeconds] = useState<number | null>(delayMs / 1000);
  const ms = seconds === null ? null : Math.round(seconds * 10) * 100;
  const tooLong = seconds !== null && seconds > MAX_DELAY_S;
  const changed = ms !== null && !tooLong && ms !== delayMs;
  const save = () => changed && onSave(ms);
  return (
    <Flex vertical gap={2} style={{ flex: 'none', width: 184 }}>
      <Flex align="center" gap={6}>
        <InputNumber
          size="small"
          min={0}
          step={0.5}
          precision={1}
          suffix="秒"
          value={seconds}
          status={tooLong ? 'error' : undefined}
          onChange={setSeconds}
          onPressEnter={save}
          style={{ width: 104, fontVariantNumeric: 'tabular-nums' }}
          aria-label={`${t.acceptDelay}（秒）`}
        />
        <Button size="small" type={changed ? 'primary' : 'default'} disabled={!changed} onClick={save}>
          {t.save}
        </Button>
      </Flex>
      <Typography.Text
        type={tooLong ? 'danger' : 'secondary'}
        role={tooLong ? 'alert' : undefined}
        style={{ fontSize: 12 }}
      >
        {tooLong ? t.delayTooLong : t.delayRange}
      </Typography.Text>
    </Flex>
  );
}

/** 滚球确认延时 of the match, on top of 盘口设置; saving asks for a reason first (DelayModal). */
function DelayRow({ delayMs, editable, onSave }: { delayMs: number; editable: boolean; onSave: (ms: number) => void }) {
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      gap={24}
      data-testid="accept-delay"
      style={{
        padding: '12px 16px',
        marginBottom: 16,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorFillQuaternary,
      }}
    >
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Flex align="center" gap={8}>
          <ClockCircleOutlined style={{ color: token.colorTextSecondary }} />
          <Typography.Text strong>{t.acceptDelay}</Typography.Text>
          <Tag
            color={delayMs === 0 ? 'green' : 'blue'}
            style={{ marginInlineEnd: 0, fontVariantNumeric: 'tabular-nums' }}
            data-testid="accept-delay-now"
          >
            {t.delayOf(delayMs)}
          </Tag>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.delayHint}
        </Typography.Text>
      </Flex>
      {editable && <DelayInput key={delayMs} delayMs={delayMs} onSave={onSave} />}
    </Flex>
  );
}

/**
 * 提前结算 of the match, under 滚球确认延时: on or off for its bets (parlays with a leg on it
 * included); switching asks for a reason first (CashoutSwitchModal).
 */
function CashoutRow({
  off,
  editable,
  onSwitch,
}: {
  off: boolean;
  editable: boolean;
  onSwitch: (off: boolean) => void;
}) {
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      gap={24}
      data-testid="cashout-switch"
      style={{
        padding: '12px 16px',
        marginBottom: 16,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorFillQuaternary,
      }}
    >
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Flex align="center" gap={8}>
          <TransactionOutlined style={{ color: token.colorTextSecondary }} />
          <Typography.Text strong>{t.cashout}</Typography.Text>
          <Tag color={off ? 'volcano' : 'green'} style={{ marginInlineEnd: 0 }} data-testid="cashout-now">
            {t.cashoutState(off)}
          </Tag>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.cashoutRowHint}
        </Typography.Text>
      </Flex>
      <Flex style={{ flex: 'none', width: 184 }}>
        <Switch
          checked={!off}
          checkedChildren={t.cashoutOnOff(false)}
          unCheckedChildren={t.cashoutOnOff(true)}
          disabled={!editable}
          onChange={(on) => onSwitch(!on)}
          aria-label={t.cashoutSwitchLabel}
        />
      </Flex>
    </Flex>
  );
}

/**
 * 盘口设置 of a match: its 滚球确认延时 and 提前结算 on top, then each market type switched on or off for
 * players, its margin and its 赔付上限. Each change is confirmed with a reason (DelayModal,
 * MarketSettingModal, LimitModal); the answer's values show at once, then the refreshed row's.
 */
export function MarketSettingsDrawer({ match, open, onClose }: { match: Match; open: boolean; onClose: () => void }) {
  const may = useMay();
  const [change, setChange] = useState<SettingChange | null>(null);
  // The settings the last change answered, until the list brings this row again.
  const [answered, setAnswered] = useState<{ base: Setting[]; settings: Setting[] } | null>(null);
  const settings = answered?.base === match.marketSettings ? answered.settings : match.marketSettings;
  const matchOpen = match.status === 'scheduled' || match.status === 'live';
  const editable = may(taiqiuAdmin.marketsSet) && matchOpen;
  // The delay likewise: the answer's until the list brings this row again.
  const [delayChange, setDelayChange] = useState<DelayChange | null>(null);
  const [answeredDelay, setAnsweredDelay] = useState<{ base: Match; delayMs: number } | null>(null);
  const delayMs = answeredDelay?.base === match ? answeredDelay.delayMs : match.acceptDelayMs;
  // 提前结算 likewise.
  const [cashoutChange, setCashoutChange] = useState<CashoutChange | null>(null);
  const [answeredCashout, setAnsweredCashout] = useState<{ base: Match; off: boolean } | null>(null);
  const cashoutOff = answeredCashout?.base === match ? answeredCashout.off : match.cashoutOff;
  const ask = (s: Setting, next: { off: boolean; marginBp: number }) => setChange({ match, from: s, ...next });
  const [limitChange, setLimitChange] = useState<LimitChange | null>(null);
  const limitEditable = may(taiqiuAdmin.limitSet) && matchOpen;

  const columns: ColumnsType<Row> = [
    {
      title: t.groupTitle,
      dataIndex: 'group',
      width: 64,
      onCell: (r) => ({ rowSpan: r.span }),
      render: (g: string) => <Typography.Text strong>{g}</Typography.Text>,
    },
    {
      title: t.type,
      key: 'type',
      render: (_: unknown, r) => (
        <Flex vertical>
          <Typography.Text strong={!r.off} type={r.off ? 'secondary' : undefined}>
            {t.marketTypes[r.type] ?? r.type}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.marketTypeHints[r.type]}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t.marketsOfType,
      key: 'markets',
      width: 90,
      align: 'center',
      render: (_: unknown, r) => (
        <Typography.Text type="secondary" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {t.openOf(r.open, r.markets)}
        </Typography.Text>
      ),
    },
    {
      title: t.onForPlayers,
      key: 'off',
      width: 110,
      render: (_: unknown, r) => (
        <Switch
          checked={!r.off}
          checkedChildren={t.on}
          unCheckedChildren={t.off}
          disabled={!editable}
          onChange={(on) => ask(r, { off: !on, marginBp: r.marginBp })}
          aria-label={`${t.marketTypes[r.type] ?? r.type} ${t.onForPlayers}`}
        />
      ),
    },
    {
      title: t.margin,
      key: 'margin',
      width: 230,
      render: (_: unknown, r) => (
        <MarginCell
          key={`${r.type}-${r.marginBp}`}
          setting={r}
          editable={editable}
          onSave={(marginBp) => ask(r, { off: r.off, marginBp })}
        />
      ),
    },
    {
      title: <Tooltip title={t.liabilityLimitTip}>{t.liabilityLimit}</Tooltip>,
      key: 'limit',
      width: 220,
      render: (_: unknown, r) => (
        <LimitCell
          key={`${r.type}-${r.liabilityLimit}`}
          setting={r}
          editable={limitEditable}
          onSave={(to) => setLimitChange({ match, from: r, to })}
        />
      ),
    },
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={1040}
      title={t.settingsTitle(match.playerA.name, match.playerB.name)}
      extra={<Typography.Text type="secondary">#{match.id}</Typography.Text>}
    >
      <DelayRow
        delayMs={delayMs}
        editable={may(taiqiuAdmin.delaySet) && matchOpen}
        onSave={(to) => setDelayChange({ match, from: delayMs, to })}
      />
      <CashoutRow
        off={cashoutOff}
        editable={may(taiqiuAdmin.cashoutSwitch) && matchOpen}
        onSwitch={(off) => setCashoutChange({ match, off })}
      />
      <Typography.Paragraph type="secondary">{t.settingsHint}</Typography.Paragraph>
      {match.seedHash === null && <Alert type="info" showIcon title={t.manualHint} style={{ marginBottom: 16 }} />}
      <Table<Row>
        size="small"
        rowKey="type"
        bordered
        pagination={false}
        columns={columns}
        dataSource={rowsOf(settings, match.markets)}
        onRow={(r) => ({ 'data-testid': `market-setting-${r.type}` }) as HTMLAttributes<HTMLElement>}
      />
      <MarketSettingModal
        change={change}
        onClose={() => setChange(null)}
        onDone={(next) => setAnswered({ base: match.marketSettings, settings: next })}
      />
      <LimitModal
        change={limitChange}
        onClose={() => setLimitChange(null)}
        onDone={(next) => setAnswered({ base: match.marketSettings, settings: next })}
      />
      <DelayModal
        change={delayChange}
        onClose={() => setDelayChange(null)}
        onDone={(next) => setAnsweredDelay({ base: match, delayMs: next })}
      />
      <CashoutSwitchModal
        change={cashoutChange}
        onClose={() => setCashoutChange(null)}
        onDone={(off) => setAnsweredCashout({ base: match, off })}
      />
    </Drawer>
  );
}

/** The row's 盘口设置 button and its drawer: the drawer reads the row, so a refreshed list shows in it. */
export function MarketSettingsButton({ match }: { match: Match }) {
  const [open, setOpen] = useState(false);
  const off = match.marketSettings.filter((s) => s.off);
  return (
    <>
      <Button
        size="small"
        icon={<SettingOutlined />}
        onClick={() => setOpen(true)}
        style={{ minWidth: 118 }}
        title={off.length > 0 ? t.typesOff(off.map((s) => t.marketTypes[s.type] ?? s.type).join('、')) : undefined}
      >
        {t.settings}
        {off.length > 0 && (
          <Badge count={off.length} size="small" color="volcano" aria-label={t.offCount(off.length)} />
        )}
      </Button>
      <MarketSettingsDrawer match={match} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
