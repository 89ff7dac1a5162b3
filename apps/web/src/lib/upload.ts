import { uploads } from '@breakshot/contracts';
import { request } from './http';

/** What the file inputs offer (the server checks the bytes, not this). */
export const UPLOAD_ACCEPT = uploads.UPLOAD_MIME_TYPES.join(',');

/** Refuses locally what the server would refuse for its size, before sending 2 MB for nothing. */
export const fitsUploadLimit = (file: Blob) => file.size <= uploads.MAX_UPLOAD_BYTES;

/**
 * Uploads one image (multipart: purpose, then file) and resolves with its id and URL, which the
 * calls that use it take; rejects with ApiError like `call` (a refused file names the field).
 */
export function uploadImage(file: Blob, purpose: uploads.UploadPurpose): Promise<uploads.UploadResult> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file, file instanceof File ? file.name : 'image');
  return request<uploads.UploadResult>({ method: 'POST', path: uploads.UPLOAD_PATH, form });
}
