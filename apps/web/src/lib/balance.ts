import { useSession } from './session';

/**
 * After a call that credited the player and answered the new balance (a rebate or reward claim):
 * the header shows it at once, then user info is reloaded (level, frozen amount…).
 */
export function showNewBalance(balance: number): void {
  const { userInfo, loadUserInfo } = useSession.getState();
  if (userInfo) useSession.setState({ userInfo: { ...userInfo, balance } });
  void loadUserInfo();
}
