import { Alert, Button, Descriptions, Modal, Space, Typography } from 'antd';
import { feed } from '@breakshot/contracts';
import { feedTexts as t } from './texts';

/** A provider's key just set: the only time the console sees it. */
export interface ShownKey {
  id: string;
  key: string;
}

const mono = { fontFamily: 'monospace' } as const;

/** What the provider needs to post: its endpoints and how to sign a body. */
function HowToSign({ id }: { id: string }) {
  const endpoint = (tail: string) => `POST ${feed.FEED_PREFIX}/${id}/${tail}`;
  return (
    <Descriptions column={1} size="small" bordered styles={{ label: { width: 96 } }}>
      <Descriptions.Item label={t.signing}>
        {t.signingText}{' '}
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {t.signatureHeader}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t.endpoints}>
        <Space orientation="vertical" size={4}>
          <span>
            <Typography.Text code>{endpoint('events')}</Typography.Text> {t.eventsEndpoint}
          </span>
          <span>
            <Typography.Text code>{endpoint('snapshot')}</Typography.Text> {t.snapshotEndpoint}
          </span>
        </Space>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Shows a new key once, to copy: it closes only by the operator saying it is saved. */
export function ShownKeyModal({ shown, onClose }: { shown: ShownKey | null; onClose: () => void }) {
  return (
    <Modal
      open={shown !== null}
      title={shown && t.shownTitle(shown.id)}
      width={640}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t.shownDone}
        </Button>
      }
    >
      {shown && (
        <>
          <Alert type="warning" showIcon title={t.shownWarning} style={{ marginBottom: 16 }} />
          <Typography.Paragraph
            copyable={{ text: shown.key, tooltips: [t.copyKey, t.copied] }}
            style={{ padding: '10px 12px', background: 'rgba(0, 0, 0, 0.04)', borderRadius: 8 }}
          >
            <Typography.Text strong data-testid="feed-key" style={{ ...mono, fontSize: 15, wordBreak: 'break-all' }}>
              {shown.key}
            </Typography.Text>
          </Typography.Paragraph>
          <HowToSign id={shown.id} />
        </>
      )}
    </Modal>
  );
}
