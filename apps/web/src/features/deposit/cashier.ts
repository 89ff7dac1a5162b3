import { currentLanguage } from '../../lib/i18n';

/** The gateway's page in the player's language (the sandbox page reads `lang`). */
export const cashierUrl = (payUrl: string) =>
  `${payUrl}${payUrl.includes('?') ? '&' : '?'}lang=${encodeURIComponent(currentLanguage())}`;

export interface CashierTab {
  /** Sends the tab to the gateway; 'here' when no tab could open and this page goes instead. */
  go(payUrl: string): 'tab' | 'here';
  /** The order was not created: the empty tab closes. */
  cancel(): void;
}

/**
 * Opens a gateway's cashier the way mobile cashiers open: a new tab, opened during the tap (so
 * popup blockers allow it) and pointed at the gateway once the order exists, while the app shows
 * the order waiting. Where the browser opens no tab, this tab goes to the gateway.
 */
export function openCashier(): CashierTab {
  const tab = window.open('', '_blank');
  return {
    go(payUrl) {
      const url = cashierUrl(payUrl);
      if (tab && !tab.closed) {
        tab.location.href = url;
        return 'tab';
      }
      window.location.assign(url);
      return 'here';
    },
    cancel: () => tab?.close(),
  };
}
