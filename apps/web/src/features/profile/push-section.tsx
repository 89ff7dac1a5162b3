import BellOutline from 'antd-mobile-icons/es/BellOutline';
import { push } from '@breakshot/contracts';
import { useEffect, useId, useState } from 'react';
import { useT } from '../../lib/i18n';
import { errorText, showToast } from '../../lib/toast';
import { usePushSettings, useSetPushKinds, useStorePushSettings } from './api/push';
import {
  currentSubscription,
  disablePush,
  enablePush,
  notificationPermission,
  PushUnavailable,
  pushSupported,
  register,
  type PushProblem,
} from './push-subscription';
import './i18n';

/** An on/off switch named by the label beside it. */
function Toggle({
  checked,
  busy,
  labelId,
  onToggle,
  testId,
}: {
  checked: boolean;
  busy?: boolean;
  labelId: string;
  onToggle: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelId}
      aria-busy={busy || undefined}
      disabled={busy}
      className="toggle"
      onClick={onToggle}
      data-testid={testId}
    />
  );
}

/** One kind's switch; the kinds are the player's, on every subscribed browser. */
function KindRow({ kind, on }: { kind: push.PushKind; on: boolean }) {
  const { t } = useT();
  const labelId = useId();
  const setKinds = useSetPushKinds();
  const toggle = () =>
    setKinds.mutate({ kinds: { [kind]: !on } }, { onError: (err) => void showToast(errorText(err), 'fail') });
  return (
    <div className="set-row push-kind">
      <span className="set-label" id={labelId}>
        {t(`push.kind.${kind}`)}
      </span>
      <Toggle checked={on} busy={setKinds.isPending} labelId={labelId} onToggle={toggle} testId={`push-kind-${kind}`} />
    </div>
  );
}

function KindRows() {
  const { t } = useT();
  const settings = usePushSettings();
  if (settings.isError) {
    return (
      <button type="button" className="set-row push-note" onClick={() => void settings.refetch()}>
        {t('push.kindsFailed')}
      </button>
    );
  }
  if (!settings.data) return <p className="push-note muted small">…</p>;
  return push.pushKinds.map((kind) => <KindRow key={kind} kind={kind} on={settings.data.kinds[kind]} />);
}

/**
 * 通知: push notifications with the page closed. The permission is asked only when the player taps
 * the switch; a browser without push, a permission denied and a missing service worker each say
 * what to do. Once on, a switch per kind.
 */
export function PushSection() {
  const { t, lang } = useT();
  const titleId = useId();
  const labelId = useId();
  const supported = pushSupported();
  const [on, setOn] = useState<boolean | null>(supported ? null : false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PushProblem | null>(() =>
    !supported ? 'unsupported' : notificationPermission() === 'denied' ? 'denied' : null,
  );
  const [error, setError] = useState<string | null>(null);
  const storeSettings = useStorePushSettings();

  // Registered again as the settings open (the session may be new) and when the app's language
  // changes: the server writes this browser's pushes in the language of its last registration.
  useEffect(() => {
    if (!supported) return;
    currentSubscription().then(
      (s) => {
        setOn(s !== null);
        // Failing, the switch still shows this browser's state; the kinds say if the server is unreachable.
        if (s) register(s).then(storeSettings, () => undefined);
      },
      () => setOn(false),
    );
  }, [supported, storeSettings, lang]);

  const toggle = async () => {
    if (busy || !supported) return;
    setBusy(true);
    setError(null);
    setProblem(null);
    try {
      if (on) {
        const settings = await disablePush();
        if (settings) storeSettings(settings);
        setOn(false);
        void showToast(t('push.turnedOff'));
      } else {
        storeSettings(await enablePush());
        setOn(true);
        void showToast(t('push.turnedOn'), 'success');
      }
    } catch (err) {
      if (err instanceof PushUnavailable) setProblem(err.problem);
      else setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card set-list push-section" aria-labelledby={titleId} data-testid="set-push">
      <h2 className="set-group-title" id={titleId}>
        {t('push.section')}
      </h2>
      <div className="set-row">
        <BellOutline />
        <span className="set-label" id={labelId}>
          {t('push.enable')}
          <span className="muted small">{t('push.enableHint')}</span>
        </span>
        {supported && (
          <Toggle
            checked={on === true}
            busy={busy || on === null}
            labelId={labelId}
            onToggle={() => void toggle()}
            testId="push-enable"
          />
        )}
      </div>
      {(problem || error) && (
        <p className="push-note push-problem" role="alert" data-testid="push-problem">
          {problem ? t(`push.problem.${problem}`) : error}
        </p>
      )}
      {on && <KindRows />}
    </section>
  );
}
