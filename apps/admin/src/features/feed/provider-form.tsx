import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import { feedAdmin } from '@breakshot/contracts';
import { useAction } from '../../lib/use-action';
import { filled, notTaken, PROVIDER_ID } from './rules';
import { feedTexts as t } from './texts';
import type { ShownKey } from './shown-key';

type Provider = feedAdmin.FeedProvider;
type Values = Pick<Provider, 'id' | 'name' | 'enabled' | 'staleSeconds'>;

const NEW_PROVIDER: Partial<Values> = { enabled: true, staleSeconds: 20 };

/**
 * Adds a provider (`provider` null) or edits one (its id fixed once saved). A new provider's key
 * comes back once, for `onKey` to show.
 */
export function ProviderForm({
  provider,
  taken,
  onClose,
  onKey,
}: {
  provider: Provider | null | undefined;
  taken: string[];
  onClose: () => void;
  onKey: (shown: ShownKey) => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useAction(feedAdmin.providerSave, {
    done: (d) => t.providerSaved(d.provider.name),
    refresh: [feedAdmin.providers],
    onSuccess: (d) => {
      onClose();
      if (d.key) onKey({ id: d.provider.id, key: d.key });
    },
  });
  return (
    <Modal
      open={provider !== undefined}
      title={t.providerTitle(provider?.id ?? null)}
      okText={t.save}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (v) save.mutate({ id: v.id, name: v.name, enabled: v.enabled, staleSeconds: v.staleSeconds });
      }}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={provider ?? NEW_PROVIDER}
        requiredMark={false}
      >
        <Form.Item
          name="id"
          label={t.providerId}
          extra={t.providerIdHint}
          validateFirst
          rules={[
            filled,
            { pattern: PROVIDER_ID, message: t.providerIdFormat },
            ...(provider ? [] : [notTaken(taken)]),
          ]}
        >
          <Input maxLength={32} disabled={!!provider} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item name="name" label={t.providerName} rules={[filled]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="staleSeconds"
          label={t.staleSecondsField}
          extra={t.staleSecondsHint}
          rules={[{ required: true, message: t.required }]}
        >
          <InputNumber min={5} max={600} precision={0} suffix={t.secondsUnit} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enabled" label={t.enabled} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
