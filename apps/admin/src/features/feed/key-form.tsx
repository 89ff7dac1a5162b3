import { Alert, Form, Input, Modal, Radio } from 'antd';
import { feedAdmin } from '@breakshot/contracts';
import { useAction } from '../../lib/use-action';
import { FEED_KEY } from './rules';
import type { ShownKey } from './shown-key';
import { feedTexts as t } from './texts';

type Provider = feedAdmin.FeedProvider;
type Mode = keyof typeof t.keyModes;
type Values = { mode: Mode; key?: string };

const modes = (Object.keys(t.keyModes) as Mode[]).map((value) => ({ value, label: t.keyModes[value] }));

/** Replaces a provider's key with a new random one or the one typed; the key set comes back once, for `onKey`. */
export function KeyForm({
  provider,
  onClose,
  onKey,
}: {
  provider: Provider | null;
  onClose: () => void;
  onKey: (shown: ShownKey) => void;
}) {
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form);
  const set = useAction(feedAdmin.providerKey, {
    done: (d) => t.keySet(d.provider.name),
    refresh: [feedAdmin.providers],
    onSuccess: (d) => {
      onClose();
      onKey({ id: d.provider.id, key: d.key });
    },
  });
  return (
    <Modal
      open={provider !== null}
      title={provider && t.keyTitle(provider.name)}
      okText={t.setKey}
      okButtonProps={{ danger: true }}
      onCancel={onClose}
      confirmLoading={set.isPending}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (v && provider) set.mutate({ id: provider.id, key: v.mode === 'given' ? v.key : undefined });
      }}
    >
      <Alert type="warning" showIcon title={t.keyWarning} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" preserve={false} initialValues={{ mode: 'random' }} requiredMark={false}>
        <Form.Item name="mode" label={t.keyMode}>
          <Radio.Group options={modes} />
        </Form.Item>
        {mode === 'given' && (
          <Form.Item
            name="key"
            label={t.keyField}
            validateFirst
            rules={[
              { required: true, message: t.required },
              { pattern: FEED_KEY, message: t.keyFormat },
            ]}
          >
            <Input
              maxLength={128}
              showCount
              autoComplete="off"
              spellCheck={false}
              style={{ fontFamily: 'monospace' }}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
