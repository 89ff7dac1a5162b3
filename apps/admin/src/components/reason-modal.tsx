import { Alert, Form, Modal } from 'antd';
import { ReasonField } from './reason-field';

/**
 * A dialog for an action taken only with a reason (a reject): a warning, the required reason and
 * a danger OK button that hands the reason to `onSubmit` once it is valid. `name` names the form
 * when the page has another whose field ids this one's must not share.
 */
export function ReasonModal({
  open,
  title,
  okText,
  hint,
  label,
  required,
  pending,
  name,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: string;
  okText: string;
  hint: string;
  label: string;
  required: string;
  pending: boolean;
  name?: string;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger: true }}
      confirmLoading={pending}
      onCancel={onCancel}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (v) onSubmit(v.reason);
      }}
    >
      <Alert type="warning" showIcon title={hint} style={{ marginBottom: 16 }} />
      <Form form={form} name={name} layout="vertical" preserve={false}>
        <ReasonField label={label} required={required} />
      </Form>
    </Modal>
  );
}
