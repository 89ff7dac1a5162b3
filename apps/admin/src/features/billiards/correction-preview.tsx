import { Alert, Descriptions, Flex, Table, Typography } from 'antd';
import type { DataOf, taiqiuAdmin } from '@breakshot/contracts';
import { CorrectedMarkets } from '../../components/corrected-markets';
import { correctionLineColumns } from '../../components/correction-lines';
import { MoneyText } from '../../components/money-text';
import { billiardsTexts as t } from './texts';

export type CorrectionPreviewData = DataOf<typeof taiqiuAdmin.correctionPreview>;

/**
 * What a correction would do, nothing moved yet: its figures, whether a second operator must
 * approve it, each selection's outcome before and after, and the bets whose payout changes.
 */
export function CorrectionPreview({ preview }: { preview: CorrectionPreviewData }) {
  const figures = [
    { key: 'bets', label: t.figureBets, children: preview.bets },
    { key: 'changed', label: t.figureChanged, children: preview.changed },
    { key: 'toPlayers', label: t.figureToPlayers, children: <MoneyText value={preview.toPlayers} strong /> },
    { key: 'fromPlayers', label: t.figureFromPlayers, children: <MoneyText value={preview.fromPlayers} strong /> },
    {
      key: 'debts',
      label: t.figureDebts,
      children: (
        <>
          <MoneyText value={preview.debts} strong /> · {t.debtors(preview.debtors)}
        </>
      ),
    },
  ];
  return (
    <Flex vertical gap={16}>
      {preview.needsSecond && <Alert type="warning" showIcon title={t.needsSecond} />}
      {preview.waiting > 0 && <Alert type="info" showIcon title={t.waitingSlips(preview.waiting)} />}
      <Descriptions
        size="small"
        bordered
        layout="vertical"
        column={figures.length}
        items={figures}
        data-testid="correction-figures"
      />
      <div>
        <Typography.Text type="secondary">{t.changes}</Typography.Text>
        <CorrectedMarkets markets={preview.markets} />
      </div>
      <Table<taiqiuAdmin.CorrectionLine>
        size="small"
        rowKey="betNo"
        columns={correctionLineColumns}
        dataSource={preview.lines}
        pagination={false}
        scroll={{ x: 1000, y: 320 }}
        locale={{ emptyText: t.noLines }}
      />
      {preview.lines.length < preview.changed && (
        <Typography.Text type="secondary">{t.linesShown(preview.lines.length, preview.changed)}</Typography.Text>
      )}
    </Flex>
  );
}
