import { bigint, bigserial, customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** bytea; PGlite answers a Uint8Array, node-postgres a Buffer (one), and takes a Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (bytes) => Buffer.from(bytes),
});

/** Players' passkeys (drizzle/0068_passkeys.sql): `credentialId` base64url, `publicKey` COSE. */
export const passkeys = pgTable('passkeys', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  credentialId: text('credential_id').notNull().unique(),
  publicKey: bytea('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').array().notNull().default([]),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/** Challenges of ceremonies under way: taken once, until `expiresAt` (register: the player's). */
export const passkeyChallenges = pgTable('passkey_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
