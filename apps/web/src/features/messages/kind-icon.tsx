import BellOutline from 'antd-mobile-icons/es/BellOutline';
import GiftOutline from 'antd-mobile-icons/es/GiftOutline';
import HandPayCircleOutline from 'antd-mobile-icons/es/HandPayCircleOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import PayCircleOutline from 'antd-mobile-icons/es/PayCircleOutline';
import SoundOutline from 'antd-mobile-icons/es/SoundOutline';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import UserContactOutline from 'antd-mobile-icons/es/UserContactOutline';
import type { ComponentType } from 'react';
import type { InboxItem } from './api/inbox';

const ICONS: Record<InboxItem['kind'], ComponentType> = {
  notice: SoundOutline,
  deposit_credited: PayCircleOutline,
  withdrawal_paid: HandPayCircleOutline,
  withdrawal_rejected: HandPayCircleOutline,
  reward_available: GiftOutline,
  vip_upgrade: StarOutline,
  feedback_replied: MessageOutline,
  login_failures: LockOutline,
  kyc_approved: UserContactOutline,
  kyc_rejected: UserContactOutline,
  bet_corrected: UnorderedListOutline,
  passkey_added: LockOutline,
  passkey_removed: LockOutline,
  operator: BellOutline,
};

/** The round icon of a row: what the message is about, coloured by its kind (messages.css). */
export function KindIcon({ kind, label }: { kind: InboxItem['kind']; label: string }) {
  const Icon = ICONS[kind];
  return (
    <span className={`inbox-kind kind-${kind}`} role="img" aria-label={label}>
      <Icon />
    </span>
  );
}
