import sharp from 'sharp';
import { ErrorCode, uploads as contract } from '@breakshot/contracts';
import { AppError } from '../../platform/errors.js';

export type ImageFormat = 'jpg' | 'png' | 'webp';

export interface CleanImage {
  format: ImageFormat;
  bytes: Buffer;
  width: number;
  height: number;
}

/** What the first bytes say the file is; the name and the declared type are not trusted. */
function sniffFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

/** Larger decoded images are refused (a small file can still unpack to gigabytes). */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_SIDE = 1600;
const AVATAR_SIDE = 512;

/**
 * Decodes and re-encodes an image in its own format: EXIF orientation applied, every metadata
 * block (EXIF, GPS, ICC, XMP) dropped, scaled down to fit; an avatar is cropped square. Anything
 * that is not a whole JPEG, PNG or WebP is refused with a 400 naming the file field.
 */
export async function cleanImage(bytes: Buffer, avatar: boolean): Promise<CleanImage> {
  if (bytes.length > contract.MAX_UPLOAD_BYTES) throw tooLarge();
  const format = sniffFormat(bytes);
  if (!format) throw new AppError(ErrorCode.BAD_REQUEST, 'uploadType', undefined, { field: 'file' });
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const sized = avatar
      ? image.resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', withoutEnlargement: true })
      : image.resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'jpg'
        ? sized.jpeg({ quality: 85, mozjpeg: true })
        : format === 'png'
          ? sized.png({ compressionLevel: 9 })
          : sized.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { format, bytes: data, width: info.width, height: info.height };
  } catch {
    // sharp's messages name libvips internals; the player learns only that the file is unreadable.
    throw new AppError(ErrorCode.BAD_REQUEST, 'uploadBroken', undefined, { field: 'file' });
  }
}

export const tooLarge = () =>
  new AppError(
    ErrorCode.BAD_REQUEST,
    'uploadTooLarge',
    { mb: contract.MAX_UPLOAD_BYTES / 1024 / 1024 },
    { field: 'file' },
  );
