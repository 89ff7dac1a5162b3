import { useT } from '../../lib/i18n';
import { siteOffsetIfDifferent, useSiteZone } from '../../lib/time';
import './ui-i18n';
import './ui.css';

/**
 * Says once on a page which clock its times are on (the site's, 'UTC+8'), when the phone's clock is
 * in another zone and a player abroad could read them as their own; nothing otherwise.
 */
export function ZoneNote({ at }: { at: string }) {
  const { t } = useT();
  const offset = siteOffsetIfDifferent(useSiteZone(), at);
  if (!offset) return null;
  return (
    <p className="zone-note muted small" data-testid="zone-note">
      {t('ui.zoneNote', { offset })}
    </p>
  );
}
