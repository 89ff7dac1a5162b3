import { Form, Input, Modal, Select } from 'antd';
import { operatorCalls, operatorsAdmin } from '@breakshot/contracts';
import { fieldRule } from '../../lib/contract-rules';
import { roleLabels } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import type { SetupLink } from './setup-link-modal';
import { operatorTexts as t } from './texts';

const roleOptions = operatorCalls.operatorRoles.map((r) => ({ value: r, label: roleLabels[r] }));

/** 新建操作员: a name and a role; the answer is the operator's setup link. */
export function InviteModal({ onClose, onInvited }: { onClose: () => void; onInvited: (link: SetupLink) => void }) {
  const [form] = Form.useForm<{ username: string; role: operatorCalls.OperatorRole }>();
  const invite = useAction(operatorsAdmin.operatorInvite, {
    done: t.invited,
    refresh: [operatorsAdmin.operatorsList],
    onSuccess: onInvited,
  });
  return (
    <Modal open title={t.inviteTitle} onCancel={onClose} onOk={() => form.submit()} confirmLoading={invite.isPending}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => invite.mutate(v)}>
        <Form.Item
          name="username"
          label={t.username}
          extra={t.usernameHint}
          rules={[fieldRule(operatorsAdmin.operatorInvite.request.shape.username)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={t.role} rules={[{ required: true, message: t.roleRequired }]}>
          <Select aria-label={t.role} options={roleOptions} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
