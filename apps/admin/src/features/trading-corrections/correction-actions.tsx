import { Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { taiqiuAdmin } from '@breakshot/contracts';
import { ReasonModal } from '../../components/reason-modal';
import { useSession } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { correctionTexts as t } from './texts';

type Correction = taiqiuAdmin.CorrectionItem;

const refresh = [taiqiuAdmin.corrections, taiqiuAdmin.matchesList];
/** A refusal shows as the action's message (useAction); the Popconfirm just closes. */
const swallow = () => undefined;

/**
 * A pending correction's 复核通过 and 驳回. The operator who made it does not approve it (the
 * server refuses that too): they see who must instead.
 */
export function CorrectionActions({ row, onReject }: { row: Correction; onReject: (row: Correction) => void }) {
  const may = useMay();
  const me = useSession()?.operator.username;
  const approve = useAction(taiqiuAdmin.correctionApprove, { done: t.approved, refresh });
  if (row.status !== 'pending') return null;
  const own = row.createdBy === me;
  return (
    <Space size={4} wrap>
      {may(taiqiuAdmin.correctionApprove) &&
        (own ? (
          <Tooltip title={t.ownPendingTip}>
            <Typography.Text type="secondary">{t.ownPending}</Typography.Text>
          </Tooltip>
        ) : (
          <Popconfirm
            title={t.approveTitle(row.id)}
            description={t.approveHint}
            onConfirm={() => approve.mutateAsync({ id: row.id }).catch(swallow)}
          >
            <Button type="primary" size="small" loading={approve.isPending}>
              {t.approve}
            </Button>
          </Popconfirm>
        ))}
      {may(taiqiuAdmin.correctionReject) && (
        <Button danger size="small" onClick={() => onReject(row)}>
          {t.reject}
        </Button>
      )}
    </Space>
  );
}

/** 驳回 of a pending correction, with its required reason; a refusal leaves the dialog open. */
export function RejectCorrectionModal({ row, onClose }: { row: Correction | null; onClose: () => void }) {
  const reject = useAction(taiqiuAdmin.correctionReject, { done: t.rejected, refresh, onSuccess: onClose });
  return (
    <ReasonModal
      open={row !== null}
      title={row ? t.rejectTitle(row.id) : ''}
      okText={t.reject}
      hint={t.rejectHint}
      label={t.rejectReason}
      required={t.rejectReasonRequired}
      pending={reject.isPending}
      onCancel={onClose}
      onSubmit={(reason) => {
        if (row) reject.mutate({ id: row.id, reason });
      }}
    />
  );
}
