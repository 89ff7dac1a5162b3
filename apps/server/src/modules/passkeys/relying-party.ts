import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';

/**
 * Whom a ceremony is for: the host the player's browser reached (rpId: its name without the
 * port), so one build serves every domain it is deployed on. A credential is bound to its rpId
 * by the authenticator, so a host header set by anyone else finds none of the players'. The page's
 * origin is that host over HTTPS, or over HTTP where the browser allows WebAuthn without TLS
 * (localhost: the tests), whatever a proxy in front told us of the scheme.
 */
export interface RelyingParty {
  id: string;
  origins: string[];
}

export const relyingPartyOf = (req: { hostname: string; host: string }): RelyingParty => ({
  id: req.hostname,
  origins: [`https://${req.host}`, `http://${req.host}`],
});

/** The challenge a browser's answer signed ('' when its client data cannot be read). */
export function challengeOf(clientDataJSON: string): string {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === 'string' ? challenge : '';
  } catch {
    return '';
  }
}
