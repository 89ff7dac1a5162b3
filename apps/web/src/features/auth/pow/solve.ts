import type { auth, DataOf } from '@breakshot/contracts';
import type { WorkerMessage } from './pow-worker';

export type PowChallenge = DataOf<typeof auth.captchaChallenge>;

/**
 * Solves a captcha/challenge in a Web Worker (the page stays responsive); `progress` hears the
 * share of the range tried. Rejects when the worker fails or finds nothing.
 */
export function solvePow(challenge: PowChallenge, progress: (share: number) => void): Promise<auth.PowSolution> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pow-worker.ts', import.meta.url), { type: 'module' });
    const end = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') return progress(message.share);
      end();
      if (message.number === null) reject(new Error('proof of work: no solution'));
      else resolve({ challenge: challenge.challenge, number: message.number, signature: challenge.signature });
    };
    worker.onerror = (event) => {
      end();
      reject(new Error(`proof of work: ${event.message}`));
    };
    worker.postMessage({ challenge: challenge.challenge, hash: challenge.hash, max: challenge.max });
  });
}
