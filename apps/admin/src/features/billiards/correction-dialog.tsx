import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Flex, Form, Modal, Space, Tooltip, Typography } from 'antd';
import { taiqiuAdmin } from '@breakshot/contracts';
import { ReasonField } from '../../components/reason-field';
import { errorText } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { CorrectionPicks, correctionOf, currentPicks, isDecided, type Picks } from './correction-picks';
import { CorrectionPreview, type CorrectionPreviewData } from './correction-preview';
import { billiardsTexts as t } from './texts';

type Match = taiqiuAdmin.AdminMatch;
type CorrectedMarket = taiqiuAdmin.CorrectionRequest['markets'][number];

/** The markets previewed and what the preview said: what 确认更正 sends with the reason. */
interface Previewed {
  markets: CorrectedMarket[];
  preview: CorrectionPreviewData;
}

/**
 * 更正结果 (docs/design.md §9, "Result corrections"): the operator chooses the outcomes of the
 * decided markets to correct, previews what that moves, then confirms with a reason; the
 * correction is applied at once or waits for a second operator. Mounted per opening.
 */
function CorrectionModal({ match, onClose }: { match: Match; onClose: () => void }) {
  const may = useMay();
  const [form] = Form.useForm<{ reason: string }>();
  const [picks, setPicks] = useState<Picks>(() => currentPicks(match.markets.filter(isDecided)));
  const [flagged, setFlagged] = useState<number[]>([]);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useAction(taiqiuAdmin.correctionPreview);
  const create = useAction(taiqiuAdmin.correctionCreate, {
    done: (d) => (d.status === 'pending' ? t.correctionPending : t.correctionApplied),
    refresh: [taiqiuAdmin.matchesList, taiqiuAdmin.corrections],
    onSuccess: onClose,
  });
  const decided = match.markets.filter(isDecided);
  const correction = correctionOf(decided, picks);
  const onError = (err: unknown) => setProblem(errorText(err));

  const choose = (next: Picks) => {
    setPicks(next);
    setFlagged((ids) => ids.filter((id) => correctionOf(decided, next).incomplete.includes(id)));
  };
  const showPreview = () => {
    setFlagged(correction.incomplete);
    if (correction.incomplete.length > 0) return;
    const { markets } = correction;
    setProblem(null);
    preview.mutate(
      { matchId: match.id, markets },
      { onSuccess: (data) => setPreviewed({ markets, preview: data }), onError },
    );
  };
  const confirm = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !previewed) return;
    setProblem(null);
    create.mutate({ matchId: match.id, markets: previewed.markets, reason: v.reason }, { onError });
  };
  const back = () => {
    setPreviewed(null);
    setProblem(null);
  };

  const footer = previewed ? (
    <>
      <Button onClick={back}>{t.backToPicks}</Button>
      <Button type="primary" danger loading={create.isPending} onClick={() => void confirm()}>
        {t.confirmCorrection}
      </Button>
    </>
  ) : (
    <Flex justify="space-between" align="center">
      <Typography.Text type="secondary">{t.pickedMarkets(correction.touched)}</Typography.Text>
      <Space>
        <Button onClick={onClose}>{t.close}</Button>
        <Button type="primary" disabled={correction.touched === 0} loading={preview.isPending} onClick={showPreview}>
          {t.preview}
        </Button>
      </Space>
    </Flex>
  );
  return (
    <Modal
      open
      width={1040}
      title={t.correctTitle(match.playerA.name, match.playerB.name)}
      onCancel={onClose}
      footer={footer}
      styles={{ body: { maxHeight: '65vh', overflowY: 'auto' } }}
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      {previewed ? (
        <>
          <CorrectionPreview preview={previewed.preview} />
          <Form form={form} layout="vertical" requiredMark={false} style={{ marginTop: 16 }}>
            <ReasonField label={t.correctionReason} required={t.reasonRequired} />
          </Form>
        </>
      ) : (
        <>
          <Alert
            type="info"
            showIcon
            title={t.correctHint}
            action={
              may(taiqiuAdmin.corrections) && <Link to={paths.matchCorrections(match.id)}>{t.correctionLog}</Link>
            }
            style={{ marginBottom: 16 }}
          />
          <CorrectionPicks match={match} decided={decided} picks={picks} incomplete={flagged} onChange={choose} />
        </>
      )}
    </Modal>
  );
}

/** The match's 更正结果 button (disabled while no market of it is decided) and its dialog. */
export function CorrectionButton({ match }: { match: Match }) {
  const [open, setOpen] = useState(false);
  const none = !match.markets.some(isDecided);
  const button = (
    <Button size="small" disabled={none} onClick={() => setOpen(true)}>
      {t.correct}
    </Button>
  );
  return (
    <>
      {none ? (
        // A disabled button takes no hover: the tooltip is on its wrapper.
        <Tooltip title={t.correctNone}>
          <span data-testid={`correct-off-${match.id}`}>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      {open && <CorrectionModal match={match} onClose={() => setOpen(false)} />}
    </>
  );
}
