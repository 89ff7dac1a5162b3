import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hub88 } from '@breakshot/contracts';
import { newKeyPair, signBody, verifyBody, type KeyPair } from '../../src/platform/signing.js';

/*
 * A seamless wallet in miniature for the demo provider's client: it answers each call from a
 * script (RS_OK, a refusal, RS_ERROR_UNKNOWN, no answer at all, an answer signed with the wrong
 * key), holds answers back when asked, and records what it was sent and whether the provider's
 * signature held.
 */

export type Act = 'ok' | 'unknown' | 'hang' | 'badsig' | hub88.Hub88Status;

export interface Received {
  call: string;
  body: Record<string, unknown>;
  signed: boolean;
}

export interface FakeWallet {
  url: string;
  keys: KeyPair;
  /** The next answers to a call; once used up, RS_OK. */
  script(call: hub88.Hub88Call, ...acts: Act[]): void;
  /** Holds the answers to a call until the function returned is called. */
  hold(call: hub88.Hub88Call): () => void;
  received(call?: hub88.Hub88Call): Received[];
  close(): Promise<void>;
}

/** Balance the wallet answers, in cents. */
export const FAKE_BALANCE = 10_000;

export async function startFakeWallet(providerPublicPem: string): Promise<FakeWallet> {
  const keys = newKeyPair();
  const wrong = newKeyPair();
  const scripts = new Map<string, Act[]>();
  const holds = new Map<string, Promise<void>>();
  const log: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const call = (req.url ?? '').replace(`${hub88.PROVIDER_PREFIX}/demo/`, '');
      const body = JSON.parse(raw) as Record<string, unknown>;
      const signature = req.headers[hub88.SIGNATURE_HEADER];
      log.push({
        call,
        body,
        signed: verifyBody(providerPublicPem, raw, typeof signature === 'string' ? signature : ''),
      });
      const act = scripts.get(call)?.shift() ?? 'ok';
      if (act === 'hang') return;
      const status = act === 'ok' || act === 'badsig' ? 'RS_OK' : act === 'unknown' ? 'RS_ERROR_UNKNOWN' : act;
      const answer = JSON.stringify({
        user: body.user,
        status,
        request_uuid: body.request_uuid,
        currency: 'CNY',
        balance: FAKE_BALANCE * hub88.HUB88_PER_CENT,
      });
      void (holds.get(call) ?? Promise.resolve()).then(() => {
        res.setHeader('content-type', 'application/json');
        res.setHeader(hub88.SIGNATURE_HEADER, signBody((act === 'badsig' ? wrong : keys).privatePem, answer));
        res.end(answer);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keys,
    script: (call, ...acts) => scripts.set(call, acts),
    hold: (call) => {
      let release!: () => void;
      holds.set(call, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(call);
        release();
      };
    },
    received: (call) => log.filter((r) => call === undefined || r.call === call),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
