import Popup from 'antd-mobile/es/components/popup';
import type { FormEvent, ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import './ui-i18n';

/**
 * A bottom sheet holding one form: its title, a close button and the fields. Submitting stays
 * inside the sheet: React sends events up through portals, and a sheet opened from within
 * another form (the withdraw form's fund password) must not submit that form too.
 */
export function FormSheet({
  visible,
  onClose,
  title,
  onSubmit,
  testId,
  children,
}: {
  visible: boolean;
  onClose: () => void;
  title: ReactNode;
  onSubmit: () => void | Promise<void>;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useT();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    void onSubmit();
  };
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      <form className="sheet-form" onSubmit={submit} noValidate data-testid={testId}>
        <div className="sheet-head">
          <h2>{title}</h2>
          <button type="button" className="icon-btn" aria-label={t('ui.close')} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </form>
    </Popup>
  );
}
