import { profile, validationText, type UserInfo } from '@breakshot/contracts';
import { useState, type FormEvent } from 'react';
import { confirmDialog } from '../../components/ui/confirm';
import { errorField, validateWith, visibleErrors, type FieldErrors } from '../../components/ui/form-errors';
import { FormError, SegmentField, SubmitButton, TextField } from '../../components/ui/form-field';
import { useT } from '../../lib/i18n';
import { errorText, showToast } from '../../lib/toast';
import './i18n';

type F = 'nickname' | 'sex' | 'birthday';

export interface ProfileActions {
  nickname: (nickname: string) => Promise<unknown>;
  sex: (sex: profile.Sex) => Promise<unknown>;
  birthday: (birthday: string) => Promise<unknown>;
}

/**
 * Nickname, sex and birthday, checked with the contract's schemas as the player types. Only what
 * changed is sent; the birthday is set once (confirmed), then shown locked.
 */
export function ProfileForm({ user, today, actions }: { user: UserInfo; today: string; actions: ProfileActions }) {
  const { t, lang } = useT();
  const [nickname, setNickname] = useState(user.nickname);
  const [sex, setSex] = useState<profile.Sex>(user.sex);
  const [birthday, setBirthday] = useState('');
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<{ field?: string; msg: string } | null>(null);
  const locked = user.birthday !== null;

  const all: FieldErrors<F> = validateWith<F>(profile.changeNickname.request, { nickname }, lang);
  if (!locked && birthday) {
    const format = validateWith<F>(profile.changeBirthday.request, { birthday }, lang).birthday;
    const problem = format ? null : profile.birthdayProblem(birthday, today);
    if (format || problem) all.birthday = format ?? validationText(problem!, lang);
  }
  const errors = visibleErrors(all, touched, submitted);
  if (serverError?.field === 'nickname' || serverError?.field === 'birthday')
    errors[serverError.field] = serverError.msg;

  const touch = (f: F) => {
    setTouched((s) => ({ ...s, [f]: true }));
    setServerError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || Object.keys(all).length > 0) return;
    const trimmed = nickname.trim();
    const changes: (() => Promise<unknown>)[] = [];
    if (trimmed !== user.nickname) changes.push(() => actions.nickname(trimmed));
    if (sex !== user.sex) changes.push(() => actions.sex(sex));
    if (!locked && birthday) {
      const ok = await confirmDialog({
        content: t('profile.birthdayConfirm', { date: birthday }),
        confirmText: t('profile.save'),
        cancelText: t('settings.cancel'),
      });
      if (!ok) return;
      changes.push(() => actions.birthday(birthday));
    }
    if (changes.length === 0) {
      void showToast(t('profile.nothingChanged'));
      return;
    }
    setBusy(true);
    try {
      for (const change of changes) await change();
      setBirthday('');
      setSubmitted(false);
      setTouched({});
      void showToast(t('profile.saved'), 'success');
    } catch (err) {
      const field = errorField(err);
      setServerError({ ...(field ? { field } : {}), msg: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="profile-form">
      <TextField
        label={t('profile.nickname')}
        placeholder={t('profile.nicknamePh')}
        value={nickname}
        onValue={(v) => {
          setNickname(v);
          touch('nickname');
        }}
        error={errors.nickname}
        maxLength={32}
        autoComplete="nickname"
        testId="field-nickname"
      />
      <SegmentField
        label={t('profile.sex')}
        value={sex}
        onValue={(v) => {
          setSex(v as profile.Sex);
          touch('sex');
        }}
        options={profile.sexes.map((s) => ({ value: s, label: t(`profile.sex.${s}`) }))}
        testId="field-sex"
      />
      {locked ? (
        <TextField
          label={t('profile.birthday')}
          value={user.birthday ?? ''}
          onValue={() => undefined}
          readOnly
          disabled
          hint={<span className="muted small">{t('profile.birthdayLocked')}</span>}
          testId="field-birthday"
        />
      ) : (
        <TextField
          label={t('profile.birthday')}
          type="date"
          max={today}
          value={birthday}
          onValue={(v) => {
            setBirthday(v);
            touch('birthday');
          }}
          error={errors.birthday}
          hint={<span className="muted small">{t('profile.birthdayOnce')}</span>}
          testId="field-birthday"
        />
      )}
      <FormError text={serverError && !serverError.field ? serverError.msg : null} />
      <SubmitButton busy={busy} label={t('profile.save')} busyLabel={t('profile.saving')} testId="profile-save" />
    </form>
  );
}
