import { DEVICE_ID_KEY, storage } from './storage';

/*
 * The id this browser keeps for its device, made once and sent with every call (X-Device-Id):
 * the server links players who log in from one device (docs/design.md §9, "Linked accounts").
 * Logging out keeps it: it belongs to the device, not to the player.
 */

/** The id made when storage could not keep it (full): this page's calls still agree. */
let unkept: string | null = null;

export function deviceId(): string {
  const kept = storage.get<string>(DEVICE_ID_KEY);
  if (kept) return kept;
  // 128 random bits as hex: getRandomValues works on plain http too, where randomUUID does not.
  const made =
    unkept ?? Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    storage.set(DEVICE_ID_KEY, made);
  } catch {
    unkept = made;
  }
  return made;
}
