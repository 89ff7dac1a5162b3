import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { API_PREFIX, uploads, type ErrorData } from '@breakshot/contracts';

export interface UploadAnswer {
  code: number;
  msg: string;
  data: (uploads.UploadResult & ErrorData) | null;
}

/** A small real PNG (a coloured square), made by sharp. */
export function pngBytes(side = 32, colour = '#3a7'): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** Posts a multipart upload: the `purpose` field, then `file` (name and type as a browser would send). */
export async function upload(
  app: FastifyInstance,
  token: string,
  purpose: string,
  file: { bytes: Buffer; name?: string; type?: string } | null,
): Promise<UploadAnswer> {
  const boundary = '----breakshot-test-boundary';
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
  ];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name ?? 'photo.png'}"\r\n` +
          `content-type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await app.inject({
    method: 'POST',
    url: API_PREFIX + uploads.UPLOAD_PATH,
    headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  return res.json();
}

/** Uploads a real PNG for the player and returns its id and URL. */
export async function uploadPng(app: FastifyInstance, token: string, purpose: uploads.UploadPurpose) {
  const answer = await upload(app, token, purpose, { bytes: await pngBytes() });
  if (answer.code !== 200 || !answer.data) throw new Error(`upload failed: ${answer.msg}`);
  return { id: answer.data.id, url: answer.data.url };
}
