import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashing } from './context.js';

/** OWASP's first argon2id configuration: 19 MiB, 2 passes, 1 lane. */
export const OWASP_ARGON2: PasswordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Algorithm.Argon2id of @node-rs/argon2, a const enum that isolated modules cannot import. */
const ARGON2ID = 2;

export function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...cost });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
