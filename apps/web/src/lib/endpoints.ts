import type { auth, inbox, system } from '@breakshot/contracts';
import { ref } from './http';

/**
 * Light references to the contracts that start-up code calls. Importing the contract objects
 * themselves would pull zod into the first bundle; endpoints.test.ts checks these match them.
 */
export const getConfigRef = ref<typeof system.getConfig>('GET', '/config');
export const userInfoRef = ref<typeof auth.userInfo>('POST', '/user/info');
export const userLogoutRef = ref<typeof auth.userLogout>('POST', '/user/logout');
export const getWssRef = ref<typeof auth.getWss>('POST', '/getWss');
export const unreadCountRef = ref<typeof inbox.userMessageUnreadCount>('POST', '/notice/userMessageUnreadCount');
