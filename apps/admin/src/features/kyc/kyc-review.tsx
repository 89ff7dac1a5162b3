import { Alert, Button, Form, Modal, Popconfirm, Space, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { kycAdmin, playersAdmin, type DataOf } from '@breakshot/contracts';
import { useState } from 'react';
import { ReasonField } from '../../components/reason-field';
import { ReasonModal } from '../../components/reason-modal';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { kycTexts as t } from './texts';

type Detail = DataOf<typeof kycAdmin.kycGetOne>;

const refresh = [kycAdmin.kycList, kycAdmin.kycGetOne, playersAdmin.auditList];

/** Approve (after a confirm) or reject with the reason the player reads; risk only. */
export function ReviewButtons({ d }: { d: Detail }) {
  const may = useMay();
  const [rejecting, setRejecting] = useState(false);
  const approve = useAction(kycAdmin.kycApprove, { done: t.approved, refresh });
  if (d.status !== 'pending' || !may(kycAdmin.kycApprove)) return null;
  return (
    <Space>
      <Popconfirm
        title={t.approveTitle(d.realName)}
        onConfirm={() => approve.mutateAsync({ id: d.id }).catch(() => undefined)}
      >
        <Button type="primary" loading={approve.isPending} data-testid="kyc-approve">
          {t.approve}
        </Button>
      </Popconfirm>
      <Button danger onClick={() => setRejecting(true)} data-testid="kyc-reject">
        {t.reject}
      </Button>
      {rejecting && <RejectModal d={d} onClose={() => setRejecting(false)} />}
    </Space>
  );
}

function RejectModal({ d, onClose }: { d: Detail; onClose: () => void }) {
  const reject = useAction(kycAdmin.kycReject, { done: t.rejected, refresh, onSuccess: onClose });
  return (
    <ReasonModal
      open
      title={t.rejectTitle(d.realName)}
      okText={t.reject}
      hint={t.rejectHint}
      label={t.rejectReason}
      required={t.rejectReasonRequired}
      pending={reject.isPending}
      onCancel={onClose}
      onSubmit={(reason) => reject.mutate({ id: d.id, reason })}
    />
  );
}

/** The masked number, and 查看完整号码: the whole number for a reason the audit log keeps. */
export function IdNumber({ d }: { d: Detail }) {
  const may = useMay();
  const [open, setOpen] = useState(false);
  return (
    <Space>
      <Typography.Text style={{ fontFamily: 'monospace' }} data-testid="kyc-id-masked">
        {d.idMasked}
      </Typography.Text>
      {may(kycAdmin.kycReveal) && (
        <Button size="small" icon={<EyeOutlined />} onClick={() => setOpen(true)} data-testid="kyc-reveal">
          {t.reveal}
        </Button>
      )}
      {open && <RevealModal id={d.id} onClose={() => setOpen(false)} />}
    </Space>
  );
}

function RevealModal({ id, onClose }: { id: number; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const reveal = useAction(kycAdmin.kycReveal);
  const full = reveal.data;
  return (
    <Modal
      open
      title={t.revealTitle}
      onCancel={onClose}
      onOk={() => (full ? onClose() : form.submit())}
      okText={full ? t.close : t.reveal}
      confirmLoading={reveal.isPending}
      cancelButtonProps={full ? { style: { display: 'none' } } : undefined}
    >
      {full ? (
        <Typography.Text copyable strong style={{ fontFamily: 'monospace', fontSize: 18 }} data-testid="kyc-id-full">
          {full.idNumber}
        </Typography.Text>
      ) : (
        <>
          <Alert type="warning" showIcon title={t.revealHint} style={{ marginBottom: 16 }} />
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={(v) => reveal.mutate({ id, reason: v.reason })}
          >
            <ReasonField label={t.reason} required={t.reasonRequired} />
          </Form>
        </>
      )}
    </Modal>
  );
}
