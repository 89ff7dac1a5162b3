import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { passkeys } from '@breakshot/contracts';
import { call, PASSWORD } from './test-app.js';

/*
 * A software authenticator for the server's tests: one ES256 passkey, answering
 * navigator.credentials.create (attestation 'none') and .get as a browser would send them.
 */

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64u = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));

/** Flags of authenticator data: user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface Ceremony {
  rpId: string;
  origin: string;
  challenge: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly key: { privateKey: KeyObject; publicKey: KeyObject };
  /** The signature counter the next assertion carries. */
  counter = 0;
  /** Whether it says it verified its user (a PIN, a fingerprint). */
  verifiesUser = true;

  constructor() {
    this.key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  }

  get id(): string {
    return b64u(this.credentialId);
  }

  /** The answer to a registration's options (RegistrationResponseJSON). */
  register(c: Ceremony) {
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.authDataHead(c.rpId, UP | AT | (this.verifiesUser ? UV : 0)),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      cose,
    ]);
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', c),
        attestationObject: b64u(attestation),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to a login's options (AuthenticationResponseJSON), signed with the passkey. */
  assert(c: Ceremony) {
    const authData = this.authDataHead(c.rpId, UP | (this.verifiesUser ? UV : 0));
    const clientDataJSON = this.clientData('webauthn.get', c);
    const signed = Buffer.concat([authData, sha256(isoBase64URL.toBuffer(clientDataJSON))]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: b64u(authData),
        signature: b64u(sign('sha256', signed, this.key.privateKey)),
      },
      clientExtensionResults: {},
    };
  }

  private authDataHead(rpId: string, flags: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
  }

  private clientData(type: string, c: Ceremony): string {
    return b64u(Buffer.from(JSON.stringify({ type, challenge: c.challenge, origin: c.origin, crossOrigin: false })));
  }
}

/** Where app.inject's requests go: the host the relying party is taken from. */
export const INJECT_SITE = { rpId: 'localhost', origin: 'http://localhost:80' };

/** Adds `authenticator`'s passkey (named `name`) to the player of `token`, as the app does. */
export async function addPasskey(
  app: FastifyInstance,
  token: string,
  authenticator: SoftAuthenticator,
  name = 'iPhone',
) {
  const opts = await call(app, passkeys.registerOptions, { password: PASSWORD }, { token });
  if (opts.code !== 200) throw new Error(`passkey options refused: ${opts.msg}`);
  const credential = authenticator.register({ ...INJECT_SITE, challenge: opts.data.options.challenge as string });
  return call(app, passkeys.register, { name, credential }, { token });
}
