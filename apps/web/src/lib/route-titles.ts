import { addResources } from './i18n';
import { ROUTE_TITLES } from './i18n-titles';

/**
 * Registers the page titles (`title.<routeId>`). Imported by the TopBar and by pages that show
 * titles, so the start-up bundle of /home (which has no top bar) does not carry them.
 */
const zh: Record<string, string> = {};
const en: Record<string, string> = {};
for (const [id, [z, e]] of Object.entries(ROUTE_TITLES)) {
  zh[`title.${id}`] = z;
  en[`title.${id}`] = e;
}
addResources({ 'zh-CN': zh, en });
