import { Alert, Descriptions, Modal, Typography } from 'antd';
import type { DataOf, operatorsAdmin } from '@breakshot/contracts';
import { BASENAME, paths } from '../../lib/paths';
import { roleLabels } from '../../lib/session';
import { dateTime } from '../../lib/time';
import { operatorTexts as t } from './texts';

export type SetupLink = DataOf<typeof operatorsAdmin.operatorInvite>;

/** The link as the operator opens it: this console's address, /setup/<token>. */
export const setupUrlOf = (token: string) => `${window.location.origin}${BASENAME}${paths.setup(token)}`;

/** Shows a setup link once, to copy and hand to the operator; it is not shown again. */
export function SetupLinkModal({ link, onClose }: { link: SetupLink; onClose: () => void }) {
  return (
    <Modal
      open
      title={t.linkTitle(link.operator.username)}
      onCancel={onClose}
      onOk={onClose}
      okText={t.linkDone}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Alert type="warning" showIcon title={t.linkWarning} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t.username}>{link.operator.username}</Descriptions.Item>
        <Descriptions.Item label={t.role}>{roleLabels[link.operator.role]}</Descriptions.Item>
        <Descriptions.Item label={t.linkValidUntil}>{dateTime(link.expiresAt)}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph
        copyable={{ text: setupUrlOf(link.token) }}
        code
        style={{ wordBreak: 'break-all', marginTop: 12 }}
        data-testid="setup-link"
      >
        {setupUrlOf(link.token)}
      </Typography.Paragraph>
    </Modal>
  );
}
