import type { MouseEvent } from 'react';
import { useT } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import './ui-i18n';
import './ui.css';

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall back below (insecure origins, old browsers) */
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

/** A copy button for long numbers (order numbers, addresses, cards). Does not trigger a parent link. */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useT();
  const onClick = async (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const ok = await writeClipboard(value);
    void showToast(t(ok ? 'ui.copied' : 'ui.copyFailed'), ok ? 'success' : 'fail');
  };
  return (
    <button
      type="button"
      className="copy-btn"
      aria-label={`${t('ui.copy')} ${label ?? ''}`.trim()}
      onClick={(e) => void onClick(e)}
      data-copy={value}
    >
      <svg
        viewBox="0 0 24 24"
        width="1em"
        height="1em"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <rect x="8" y="8" width="12" height="12" rx="2" />
        <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
      </svg>
      {t('ui.copy')}
    </button>
  );
}

/** A long value in monospace with its copy button. */
export function CopyText({ value, label, testId }: { value: string; label?: string; testId?: string }) {
  return (
    <span className="copy-text">
      <span className="mono" data-testid={testId}>
        {value}
      </span>
      <CopyButton value={value} label={label} />
    </span>
  );
}
