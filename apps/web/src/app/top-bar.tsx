import NavBar from 'antd-mobile/es/components/nav-bar';
import { useNavigate } from 'react-router';
import { useT } from '../lib/i18n';
import { pathTo } from '../lib/paths';
import '../lib/route-titles';
import { runtimeConfig } from '../lib/runtime-config';

/**
 * SPEC §2 top bar: back one step (home when there is no history inside the app); title from the
 * route meta or the document title. Loaded lazily: /home has none.
 */
export default function TopBar({ titleKey }: { titleKey: string | undefined }) {
  const navigate = useNavigate();
  const { t } = useT();
  const title = titleKey ? t(titleKey) : document.title || runtimeConfig().VITE_PAGE_TITLE;
  const onBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(pathTo('home'), { replace: true });
  };
  return (
    <div className="top-bar">
      <NavBar onBack={onBack}>{title}</NavBar>
    </div>
  );
}
