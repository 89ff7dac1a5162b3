import { profile } from '@breakshot/contracts';
import CameraOutline from 'antd-mobile-icons/es/CameraOutline';
import { useState } from 'react';
import { Avatar } from '../../components/ui/avatar';
import { zonedToday } from '../../components/ui/date-range';
import { useImageUpload } from '../../components/ui/image-upload';
import { PageSkeleton } from '../../components/ui/page-state';
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useSiteZone } from '../../lib/time';
import { errorText, showToast } from '../../lib/toast';
import { changeAvatar, changeBirthday, changeNickname, changeSex } from './api/profile';
import './i18n';
import { ProfileForm } from './profile-form';
import './profile.css';

const actions = {
  nickname: (nickname: string) => changeNickname({ nickname }),
  sex: (sex: profile.Sex) => changeSex({ sex }),
  birthday: (birthday: string) => changeBirthday({ birthday }),
};

/** The avatar: one of the presets, or an upload (≤ 2 MB JPEG/PNG/WebP), saved when chosen. */
function AvatarPicker({ current, name }: { current: string; name: string }) {
  const { t } = useT();
  const [saving, setSaving] = useState<string | null>(null);
  const save = async (avatar: string) => {
    setSaving(avatar);
    try {
      await changeAvatar({ avatar });
      void showToast(t('profile.avatarSaved'), 'success');
    } catch (err) {
      void showToast(errorText(err), 'fail');
    } finally {
      setSaving(null);
    }
  };
  const upload = useImageUpload('avatar', save);
  return (
    <section className="card avatar-picker" data-testid="avatar-picker">
      <div className="avatar-current">
        <Avatar className="profile-avatar" src={current} name={name} />
        <div>
          <button
            type="button"
            className="btn btn-small btn-gold"
            onClick={upload.open}
            disabled={upload.busy}
            aria-busy={upload.busy}
            data-testid="avatar-upload"
          >
            <CameraOutline /> {upload.busy ? t('profile.saving') : t('profile.upload')}
          </button>
          <div className="muted small avatar-rules">{t('profile.uploadRules')}</div>
          {upload.error && (
            <div className="field-error" role="alert">
              {upload.error}
            </div>
          )}
          <input {...upload.input} data-testid="avatar-file" />
        </div>
      </div>
      <div className="avatar-presets-title muted small">{t('profile.presets')}</div>
      <div className="avatar-presets">
        {profile.PRESET_AVATARS.map((src, i) => (
          <button
            key={src}
            type="button"
            className={`avatar-preset${current === src ? ' active' : ''}`}
            aria-pressed={current === src}
            aria-label={t('profile.presetLabel', { n: i + 1 })}
            disabled={saving !== null}
            onClick={() => void save(src)}
            data-testid={`avatar-preset-${i + 1}`}
          >
            <img src={src} alt="" />
          </button>
        ))}
      </div>
    </section>
  );
}

/** /user/gerenxiugai: avatar, nickname, sex and the birthday (once). */
export default function GerenxiugaiPage() {
  const user = useSession((s) => s.userInfo);
  const timeZone = useSiteZone();
  if (!user) return <PageSkeleton />;
  return (
    <div className="page profile">
      <AvatarPicker current={user.avatar} name={user.nickname || user.username} />
      <section className="card">
        {/* Keyed by what the server has, so a saved change shows as the new starting point. */}
        <ProfileForm
          key={`${user.nickname}|${user.sex}|${user.birthday ?? ''}`}
          user={user}
          today={zonedToday(new Date(), timeZone)}
          actions={actions}
        />
      </section>
    </div>
  );
}
