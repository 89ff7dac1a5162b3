import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import { useT } from '../lib/i18n';
import '../lib/route-titles';
import { runtimeConfig } from '../lib/runtime-config';
import { useBack } from '../lib/use-back';

/**
 * docs/spec.md §2 top bar: back one step (home when there is no history inside the app); title from the
 * route meta or the document title. Loaded lazily: /home has none. Our own markup rather than
 * antd-mobile's NavBar, whose back area is a `role="button"` with no name that a keyboard cannot reach.
 */
export default function TopBar({ titleKey }: { titleKey: string | undefined }) {
  const { t } = useT();
  const title = titleKey ? t(titleKey) : document.title || runtimeConfig().VITE_PAGE_TITLE;
  const onBack = useBack();
  return (
    <div className="top-bar">
      <button type="button" className="top-bar-back" aria-label={t('common.back')} onClick={onBack}>
        <LeftOutline aria-hidden />
      </button>
      <div className="top-bar-title">{title}</div>
    </div>
  );
}
