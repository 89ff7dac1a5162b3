import { passkeys } from '@breakshot/contracts';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { call } from './http';
import { addResources, t } from './i18n';

/*
 * Passkeys (docs/design.md §7): the two ceremonies with navigator.credentials through
 * @simplewebauthn/browser, loaded when one starts (not with the pages).
 */

addResources({
  'zh-CN': {
    'passkey.cancelled': '已取消，或验证超时',
    'passkey.already': '该设备已添加过通行密钥',
    'passkey.unavailable': '此设备暂时无法使用通行密钥，请重试',
    'passkey.domain': '通行密钥需通过网站域名访问（不支持 IP 地址）',
  },
  en: {
    'passkey.cancelled': 'Cancelled, or the check timed out',
    'passkey.already': 'This device already holds a passkey for your account',
    'passkey.unavailable': 'Passkeys are not available on this device right now, please try again',
    'passkey.domain': "Passkeys need the site's domain name, not an IP address",
  },
});

/** Whether this browser has WebAuthn (an old browser, or a page outside a secure context, has not). */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * The browser's refusal of a ceremony, told as errorText (lib/toast) tells a refused call: `msg`
 * is what it means to the player.
 */
export class PasskeyRefusal extends Error {
  readonly code = -1;
  constructor(readonly msg: string) {
    super(msg);
  }
}

/** Adds a passkey on this device (the login password first, as the server asks); its list item. */
export async function createPasskey(password: string, name: string): Promise<passkeys.PasskeyItem> {
  const { options } = await call(passkeys.registerOptions, { password });
  const { startRegistration } = await import('@simplewebauthn/browser');
  const credential = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  }).catch(refusal);
  return call(passkeys.register, { name, credential });
}

/** Logs in with a passkey the device offers (no username); the new session's token. */
export async function passkeyLogin(): Promise<string> {
  const { options } = await call(passkeys.loginOptions, {});
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const credential = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  }).catch(refusal);
  const { token } = await call(passkeys.login, { credential });
  return token;
}

/**
 * What the browser's refusal means to the player (NotAllowedError: cancelled or timed out, which
 * browsers do not tell apart, so that a page cannot learn which passkeys a device holds).
 */
function refusal(err: unknown): never {
  const code = err && typeof err === 'object' && 'code' in err ? String(err.code) : '';
  const name = err instanceof Error ? err.name : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') throw new PasskeyRefusal(t('passkey.already'));
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') throw new PasskeyRefusal(t('passkey.domain'));
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    throw new PasskeyRefusal(t('passkey.cancelled'));
  throw new PasskeyRefusal(t('passkey.unavailable'));
}
