import { Checkbox, Form, Input, Modal } from 'antd';
import { gamesAdmin } from '@breakshot/contracts';
import { useAction } from '../../lib/use-action';
import { gameTypeOptions } from './game-types';
import { chosen, filled, LAUNCH_URL, notTaken } from './rules';
import { gamesTexts as t } from './texts';
import { useProviders } from './use-providers';

type Provider = gamesAdmin.AdminProvider;
type Values = Pick<Provider, 'id' | 'name' | 'gameTypes' | 'publicKey' | 'launchUrl'>;

/** Adds a provider (`provider` undefined) or edits one; its id is fixed once saved. */
export function ProviderForm({ provider, onClose }: { provider: Provider | null | undefined; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useAction(gamesAdmin.providerSave, {
    done: (p) => t.providerSaved(p.name),
    refresh: [gamesAdmin.providersList],
    onSuccess: onClose,
  });
  const taken = useProviders().data?.items.map((p) => p.id) ?? [];
  return (
    <Modal
      open={provider !== undefined}
      title={t.providerTitle(provider?.id ?? null)}
      width={640}
      okText={t.save}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (v) save.mutate(v);
      }}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={provider ?? { gameTypes: ['slots'] }}
        requiredMark={false}
      >
        <Form.Item
          name="id"
          label={t.providerId}
          extra={t.providerIdHint}
          rules={[
            filled,
            { pattern: /^[a-z0-9_-]+$/, message: t.providerIdFormat },
            ...(provider ? [] : [notTaken(taken, t.providerIdTaken)]),
          ]}
        >
          <Input maxLength={32} disabled={!!provider} />
        </Form.Item>
        <Form.Item name="name" label={t.providerName} rules={[filled]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="gameTypes" label={t.providerGameTypes} rules={[chosen]}>
          <Checkbox.Group options={gameTypeOptions} />
        </Form.Item>
        <Form.Item
          name="launchUrl"
          label={t.launchUrl}
          extra={t.launchUrlHint}
          rules={[filled, { pattern: LAUNCH_URL, message: t.launchUrlFormat }]}
        >
          <Input maxLength={300} placeholder="https://games.example.com/launch" />
        </Form.Item>
        <Form.Item
          name="publicKey"
          label={t.publicKey}
          extra={t.publicKeyHint}
          rules={[filled, { pattern: /-----BEGIN (RSA )?PUBLIC KEY-----/, message: t.publicKeyFormat }]}
        >
          <Input.TextArea
            rows={7}
            maxLength={4000}
            spellCheck={false}
            placeholder={'-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----'}
            style={{ fontFamily: 'monospace', fontSize: 12 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
