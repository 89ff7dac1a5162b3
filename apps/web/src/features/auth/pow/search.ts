import { sha256Words } from './sha256';

/** What the worker is given of a captcha/challenge. */
export interface PowTask {
  challenge: string;
  /** SHA-256 in hex of the challenge followed by the number sought. */
  hash: string;
  max: number;
}

/** How many numbers are tried between two progress reports. */
const REPORT_EVERY = 1 << 16;

/**
 * The number in [0, max) whose SHA-256 of `challenge` + the number in decimal is `hash`, tried
 * in turn (max / 2 hashes on average); null when none is (a challenge not made by the server).
 * `progress` hears the share of the range tried, now and then.
 */
export function searchPow(task: PowTask, progress?: (share: number) => void): number | null {
  const prefix = new TextEncoder().encode(task.challenge);
  const bytes = new Uint8Array(prefix.length + 16 + 72);
  bytes.set(prefix);
  const target = new Uint32Array(8);
  for (let i = 0; i < 8; i += 1) target[i] = parseInt(task.hash.slice(i * 8, i * 8 + 8), 16);
  for (let n = 0; n < task.max; n += 1) {
    const digits = String(n);
    let length = prefix.length;
    for (let i = 0; i < digits.length; i += 1) bytes[length++] = digits.charCodeAt(i);
    const words = sha256Words(bytes, length);
    if (words[0] === target[0] && words.every((w, i) => w === target[i])) return n;
    if (progress && n % REPORT_EVERY === REPORT_EVERY - 1) progress(n / task.max);
  }
  return null;
}
