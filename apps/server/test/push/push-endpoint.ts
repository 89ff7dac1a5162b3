import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

/*
 * What a browser and its push service do, for the push tests: a browser's subscription keys (a
 * P-256 pair and a 16-byte auth secret), a local push endpoint that records each POST and answers
 * what the test says, and the browser's side of RFC 8291 (decrypting an aes128gcm body) and the
 * push service's of RFC 8292 (checking the VAPID token), written here on node:crypto alone.
 */

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's keys, as PushSubscription.toJSON gives them. */
export class BrowserKeys {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  readonly deviceId = randomBytes(16).toString('hex');

  constructor() {
    this.ecdh.generateKeys();
  }

  get json() {
    return { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.auth.toString('base64url') };
  }

  /** The plaintext of an aes128gcm body (RFC 8188 framing, RFC 8291 keys), one record. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body[20]!;
    const serverPublic = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    const ecdhSecret = this.ecdh.computeSecret(serverPublic);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), serverPublic]);
    const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, this.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02, then zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error('no last-record delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/** Checks `Authorization: vapid t=…, k=…` (ES256 over the JWT with the key k); its claims and k. */
export function vapidOf(authorization: string | undefined): { claims: VapidClaims; key: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [header, claims, signature] = token.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const point = Buffer.from(key, 'base64url');
  expect(point.length).toBe(65);
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  return { claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims, key };
}

/** A local push endpoint: records every POST and answers each with the next status the test gave (201 by default). */
export class PushEndpoint {
  private readonly server: Server;
  private readonly received: ReceivedPush[] = [];
  private readonly waiting: ((p: ReceivedPush) => void)[] = [];
  private readonly answers: number[] = [];

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(this.answers.shift() ?? 201).end();
        const push = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
        const waiter = this.waiting.shift();
        if (waiter) waiter(push);
        else this.received.push(push);
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next POSTs are answered with these statuses, in order. */
  answer(...statuses: number[]): void {
    this.answers.push(...statuses);
  }

  /** The next push received (one already waiting, or the next to come). */
  next(timeoutMs = 10_000): Promise<ReceivedPush> {
    const ready = this.received.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no push arrived')), timeoutMs);
      this.waiting.push((p) => {
        clearTimeout(timer);
        resolve(p);
      });
    });
  }

  /** How many pushes arrived that the test has not taken. */
  get unread(): number {
    return this.received.length;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
