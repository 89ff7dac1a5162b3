import { agent } from '@breakshot/contracts';
import { useState, type FormEvent } from 'react';
import { BusinessCardView } from '../../../components/agent/business-card';
import { validateWith, visibleErrors } from '../../../components/ui/form-errors';
import { FormError, SubmitButton, TextField } from '../../../components/ui/form-field';
import { ImageUploadField } from '../../../components/ui/image-upload';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-state';
import { ApiError } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { errorText, showToast } from '../../../lib/toast';
import '../shared/agent-ui';
import { useMyCard, useSaveCard } from '../api/card';

type Card = agent.BusinessCard;
type Text = Exclude<keyof Card, 'avatar'>;
const TEXTS: readonly { field: Text; max: number; inputMode?: 'tel' }[] = [
  { field: 'displayName', max: 20 },
  { field: 'wechat', max: 40 },
  { field: 'qq', max: 20 },
  { field: 'telegram', max: 40 },
  { field: 'phone', max: 20, inputMode: 'tel' },
];

/** /user/daili/mingpianguanli: my business card, with a live preview as my members see it on /user/shangwu. */
export default function CardPage() {
  const q = useMyCard();
  const user = useSession((s) => s.userInfo);
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const start: Card = q.data ?? {
    displayName: user?.nickname || user?.username || '',
    avatar: null,
    wechat: '',
    qq: '',
    telegram: '',
    phone: '',
    intro: '',
  };
  return <CardForm start={start} saved={q.data !== null} />;
}

function CardForm({ start, saved }: { start: Card; saved: boolean }) {
  const { t, lang } = useT();
  const save = useSaveCard();
  const username = useSession((s) => s.userInfo?.username);
  const [card, setCard] = useState<Card>(start);
  const [touched, setTouched] = useState<Partial<Record<keyof Card, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ field?: keyof Card; text: string } | null>(null);

  const all = validateWith<keyof Card>(agent.businessCard, card, lang);
  const errors = visibleErrors(all, touched, submitted);
  if (server?.field) errors[server.field] = server.text;
  const set = <K extends keyof Card>(f: K, v: Card[K]) => {
    setCard((c) => ({ ...c, [f]: v }));
    setTouched((s) => ({ ...s, [f]: true }));
    setServer(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(all).length > 0 || save.isPending) return;
    try {
      const trimmed = Object.fromEntries(
        Object.entries(card).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
      ) as Card;
      setCard(await save.mutateAsync(trimmed));
      void showToast(t('agent.card.saved'), 'success');
    } catch (err) {
      const raw = err instanceof ApiError ? err.data?.field : undefined;
      const field = raw && raw in card ? (raw as keyof Card) : undefined;
      setServer({ ...(field ? { field } : {}), text: errorText(err) });
    }
  };

  return (
    <div className="page ag">
      <h2 className="section-title ag-first-title">{t('agent.card.preview')}</h2>
      <p className="muted small ag-note">{t('agent.card.previewHint')}</p>
      <BusinessCardView card={card} username={username} />

      <h2 className="section-title">{t(saved ? 'agent.card.edit' : 'agent.card.create')}</h2>
      <form className="card ag-form-card" onSubmit={(e) => void submit(e)} noValidate data-testid="card-form">
        <ImageUploadField
          label={t('agent.card.avatar')}
          value={card.avatar ?? ''}
          onValue={(url) => set('avatar', url)}
          purpose="avatar"
          error={errors.avatar}
          testId="card-avatar"
        />
        {TEXTS.map(({ field, max, inputMode }) => (
          <TextField
            key={field}
            label={t(`agent.card.${field}`)}
            placeholder={t(`agent.card.${field}Ph`)}
            maxLength={max}
            inputMode={inputMode}
            value={card[field]}
            onValue={(v) => set(field, v)}
            error={errors[field]}
            testId={`card-${field}`}
          />
        ))}
        <div className={`field${errors.intro ? ' field-invalid' : ''}`}>
          <label className="field-label" htmlFor="card-intro">
            {t('agent.card.intro')}
            <span className="muted small">{card.intro.length} / 300</span>
          </label>
          <div className="field-box ag-textarea">
            <textarea
              id="card-intro"
              rows={4}
              maxLength={300}
              placeholder={t('agent.card.introPh')}
              value={card.intro}
              // One paragraph: the card's texts take no control characters (line breaks).
              onChange={(e) => set('intro', e.target.value.replace(/[\r\n]+/g, ' '))}
              data-testid="card-intro-input"
            />
          </div>
          {errors.intro && (
            <div className="field-error" role="alert">
              {errors.intro}
            </div>
          )}
        </div>
        <FormError text={server && !server.field ? server.text : null} />
        <SubmitButton
          busy={save.isPending}
          label={t('agent.card.save')}
          busyLabel={t('ui.submitting')}
          testId="card-submit"
        />
      </form>
    </div>
  );
}
