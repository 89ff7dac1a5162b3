import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Tag } from 'antd';
import { taiqiuAdmin } from '@breakshot/contracts';
import { ContractTable } from '../../components/contract-table';
import { correctionLineColumns } from '../../components/correction-lines';
import { CORRECTIONS_MATCH_PARAM, matchIdParam } from '../../lib/paths';
import { useMay } from '../../lib/use-may';
import { CorrectionActions, RejectCorrectionModal } from './correction-actions';
import { correctionColumns } from './correction-columns';
import { correctionTexts as t } from './texts';

type Correction = taiqiuAdmin.CorrectionItem;

/**
 * 结果更正 (docs/design.md §9, "Result corrections"): the corrections log, newest first, by status
 * and, opened from a match (?match=<id>), of that match; each row's re-settled bets unfold under it.
 * A pending one is approved by a second operator or rejected with a reason.
 */
export default function TradingCorrectionsPage() {
  const may = useMay();
  const [params, setParams] = useSearchParams();
  const [rejecting, setRejecting] = useState<Correction | null>(null);
  const matchId = matchIdParam(params.get(CORRECTIONS_MATCH_PARAM));
  const acts = may(taiqiuAdmin.correctionApprove) || may(taiqiuAdmin.correctionReject);
  return (
    <>
      <Alert type="info" showIcon title={t.intro} style={{ marginBottom: 16 }} />
      <ContractTable
        title={t.title}
        call={taiqiuAdmin.corrections}
        rowKey="id"
        fixed={matchId === undefined ? undefined : { matchId }}
        columns={correctionColumns(acts ? (r) => <CorrectionActions row={r} onReject={setRejecting} /> : null)}
        filters={[
          {
            name: 'status',
            label: t.status,
            kind: 'select',
            options: Object.entries(t.statuses).map(([value, label]) => ({ value, label })),
          },
        ]}
        extra={
          matchId !== undefined && (
            <Tag closable color="blue" onClose={() => setParams({})}>
              {t.matchOnly(matchId)}
            </Tag>
          )
        }
        expandable={{
          expandedRowRender: (r) => (
            <ContractTable
              bare
              call={taiqiuAdmin.correctionBets}
              fixed={{ id: r.id }}
              rowKey="betNo"
              columns={correctionLineColumns}
              defaultPageSize={10}
              scrollX={1000}
            />
          ),
        }}
      />
      <RejectCorrectionModal row={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
