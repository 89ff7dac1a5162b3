import { queryClient, USER_QUERY_KEY } from './query-client';
import { isLoggedIn, live, useSession } from './session';

/**
 * The live connection tells of a change only while it is open: a credit's BALANCE_UPDATED sent
 * while it was down (a dropped network, a refused attempt) never reaches the page, whose balance
 * stays old until the next event or reload. So a player's connection that opens again after a
 * failure reads the user's data afresh, as after such an event. Returns the unsubscribe.
 */
export function resyncAfterReconnect(): () => void {
  let missed = false;
  return live.subscribe(() => {
    const status = live.getStatus();
    if (status === 'reconnecting' || status === 'failed') missed = true;
    else if (status === 'open' && missed) {
      missed = false;
      if (!isLoggedIn()) return;
      void useSession.getState().loadUserInfo();
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY] });
    }
  });
}
