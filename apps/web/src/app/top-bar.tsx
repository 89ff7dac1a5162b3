import NavBar from 'antd-mobile/es/components/nav-bar';
import { useT } from '../lib/i18n';
import '../lib/route-titles';
import { runtimeConfig } from '../lib/runtime-config';
import { useBack } from '../lib/use-back';

/**
 * docs/spec.md §2 top bar: back one step (home when there is no history inside the app); title from the
 * route meta or the document title. Loaded lazily: /home has none.
 */
export default function TopBar({ titleKey }: { titleKey: string | undefined }) {
  const { t } = useT();
  const title = titleKey ? t(titleKey) : document.title || runtimeConfig().VITE_PAGE_TITLE;
  const onBack = useBack();
  return (
    <div className="top-bar">
      <NavBar onBack={onBack}>{title}</NavBar>
    </div>
  );
}
