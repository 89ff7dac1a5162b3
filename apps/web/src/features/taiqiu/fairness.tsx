import { useState } from 'react';
import { useT } from '../../lib/i18n';
import type { MatchDetails } from './api/match';
import { canVerify, verifyMatch, type Verification } from './fair-verify';
import './fairness-i18n';
import './fairness.css';

type Check = { state: 'idle' | 'busy' | 'unsupported' | 'failed' } | { state: 'done'; result: Verification };

/**
 * The match page's 公平性 block of a simulated match (lazy: its own chunk): the seed hash from the
 * start, the seed once the match has ended, and 验证, which recomputes every drawn frame in the
 * browser and sets it beside the published result.
 */
export default function Fairness({ match }: { match: MatchDetails }) {
  const { t } = useT();
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const { seedHash, serverSeed, fairness } = match;
  if (seedHash === null || fairness === null) return null;
  const names = { a: match.playerA.name, b: match.playerB.name };

  const verify = async () => {
    if (serverSeed === null) return;
    if (!canVerify()) return setCheck({ state: 'unsupported' });
    setCheck({ state: 'busy' });
    try {
      setCheck({ state: 'done', result: await verifyMatch(serverSeed, seedHash, fairness) });
    } catch {
      setCheck({ state: 'failed' });
    }
  };

  return (
    <section className="tq-fair" data-testid="fairness">
      <h2 className="section-title">{t('taiqiu.fair.title')}</h2>
      <div className="card">
        <p className="muted small tq-fair-intro">{t('taiqiu.fair.intro')}</p>
        <dl className="tq-fair-rows">
          <dt>{t('taiqiu.fair.hash')} (SHA-256)</dt>
          <dd className="tq-fair-mono" data-testid="fair-hash">
            {seedHash}
          </dd>
          <dt>{t('taiqiu.fair.seed')}</dt>
          <dd className={serverSeed ? 'tq-fair-mono' : 'muted'} data-testid="fair-seed">
            {serverSeed ?? t('taiqiu.fair.seedLater')}
          </dd>
          <dt>{t('taiqiu.fair.clientSeed')}</dt>
          <dd className="tq-fair-mono">{fairness.clientSeed}</dd>
          <dt>{t('taiqiu.fair.frameWinA', { name: names.a })}</dt>
          <dd className="tq-fair-mono">{fairness.frameWinA}</dd>
        </dl>
        <p className="muted small">
          {t('taiqiu.fair.rule', { clientSeed: fairness.clientSeed, p: fairness.frameWinA, ...names })}
        </p>
        {serverSeed !== null && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={check.state === 'busy'}
            onClick={() => void verify()}
            data-testid="fair-verify"
          >
            {t(check.state === 'busy' ? 'taiqiu.fair.verifying' : 'taiqiu.fair.verify')}
          </button>
        )}
        {check.state === 'unsupported' && <p className="tq-fair-bad small">{t('taiqiu.fair.unsupported')}</p>}
        {check.state === 'failed' && <p className="tq-fair-bad small">{t('taiqiu.fair.failed')}</p>}
        {check.state === 'done' && <Result result={check.result} match={match} />}
      </div>
    </section>
  );
}

function Result({ result, match }: { result: Verification; match: MatchDetails }) {
  const { t } = useT();
  const names = { a: match.playerA.name, b: match.playerB.name };
  const wrong = result.frames.filter((f) => f.computed !== f.published).length;
  const unchecked = match.score.a + match.score.b - result.frames.length;
  return (
    <div className="tq-fair-result" data-testid="fair-result">
      <p className={result.hashOk ? 'tq-fair-ok' : 'tq-fair-bad'} data-testid="fair-hash-check">
        {result.hashOk ? '✓ ' : '✗ '}
        {t(result.hashOk ? 'taiqiu.fair.hashOk' : 'taiqiu.fair.hashBad')}
      </p>
      <p className={wrong === 0 ? 'tq-fair-ok' : 'tq-fair-bad'} data-testid="fair-frames-check">
        {result.frames.length === 0
          ? t('taiqiu.fair.noFrames')
          : wrong === 0
            ? `✓ ${t('taiqiu.fair.allOk', { n: result.frames.length })}`
            : `✗ ${t('taiqiu.fair.someBad', { n: wrong })}`}
      </p>
      {unchecked > 0 && <p className="muted small">{t('taiqiu.fair.operatorFrames', { n: unchecked })}</p>}
      {result.frames.length > 0 && (
        <table className="tq-fair-table">
          <thead>
            <tr>
              <th>{t('taiqiu.fair.frame')}</th>
              <th>{t('taiqiu.fair.value')}</th>
              <th>{t('taiqiu.fair.published')}</th>
              <th>{t('taiqiu.fair.computed')}</th>
            </tr>
          </thead>
          <tbody>
            {result.frames.map((f) => (
              <tr key={f.n} data-testid="fair-frame" data-ok={f.computed === f.published}>
                <td>{t('taiqiu.fair.frameN', { n: f.n + 1 })}</td>
                <td className="tq-fair-mono">{f.x.toFixed(4)}</td>
                <td>{names[f.published]}</td>
                <td className={f.computed === f.published ? 'tq-fair-ok' : 'tq-fair-bad'}>
                  {names[f.computed]} {f.computed === f.published ? '✓' : '✗'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
