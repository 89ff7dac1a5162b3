import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { taiqiu } from '@breakshot/contracts';
import { playerTexts as t } from './texts';

type ParlayLeg = taiqiu.ParlayLeg;

const resultColor: Record<string, string> = { won: 'success', lost: 'error', void: 'default', open: 'processing' };

/** A leg's outcome: 赢, 输, 走盘 (void) or 未结算 while its selection is undecided. */
export function legResultTag(result: ParlayLeg['result']) {
  const key = result ?? 'open';
  return <Tag color={resultColor[key]}>{t.legResults[key]}</Tag>;
}

const columns: ColumnsType<ParlayLeg> = [
  { title: t.legGame, dataIndex: 'gameName' },
  { title: t.market, dataIndex: 'marketName' },
  { title: t.legSelection, dataIndex: 'selectionName' },
  { title: t.odds, dataIndex: 'odds', align: 'right', width: 80 },
  { title: t.legResult, dataIndex: 'result', width: 90, render: legResultTag },
];

/** The legs of a parlay (串关), each with the outcome it settles by. */
export function ParlayLegsTable({ legs }: { legs: ParlayLeg[] }) {
  return (
    <Table<ParlayLeg>
      rowKey={(l) => `${l.matchId}:${l.selectionId}`}
      size="small"
      columns={columns}
      dataSource={legs}
      pagination={false}
      data-testid="parlay-legs"
    />
  );
}
