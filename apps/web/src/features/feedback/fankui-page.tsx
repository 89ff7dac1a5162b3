import { useT } from '../../lib/i18n';
import { FeedbackForm } from './feedback-form';
import { FeedbackList } from './feedback-list';
import './feedback.css';
import './i18n';

/** /user/fankui: the feedback form, then the player's feedback with the answers. */
export default function FankuiPage() {
  const { t } = useT();
  return (
    <div className="page feedback">
      <FeedbackForm />
      <h2 className="section-title">{t('feedback.mine')}</h2>
      <FeedbackList />
    </div>
  );
}
