import { z } from 'zod';
import { envelope } from './common.js';

/*
 * Image uploads (avatar, feedback screenshots, WeChat payment codes, ID card photos). Not a JSON call: the app
 * posts multipart/form-data to API_PREFIX + UPLOAD_PATH with a `purpose` field and one `file`
 * part. The server checks the bytes (JPEG, PNG or WebP, not the name), re-encodes them without
 * metadata, keeps them in the database and answers the file's URL, which other calls then take.
 */

export const UPLOAD_PATH = '/upload';
/** Where a stored image is served: FILES_PATH/<id>.<ext> (GET, public, immutable). */
export const FILES_PATH = '/files';
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const uploadPurpose = z.enum(['avatar', 'feedback', 'wechat_qr', 'kyc_front', 'kyc_back'], { error: 'invalid' });
export type UploadPurpose = z.infer<typeof uploadPurpose>;

export const uploadResult = z.object({ id: z.string(), url: z.string() });
export type UploadResult = z.infer<typeof uploadResult>;
export const uploadResponse = envelope(uploadResult);

/** An uploaded file's URL as a request field; the server also checks it is the caller's upload. */
export const uploadUrl = z
  .string({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid_type') })
  .regex(/^\/api\/v9\/files\/[A-Za-z0-9_-]{22}\.(jpg|png|webp)$/, 'upload.url');
