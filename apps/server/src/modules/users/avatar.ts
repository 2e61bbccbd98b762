import { LIMITS } from '@atende/shared';
import { AppError } from '../../platform/errors';

const SIGNATURES: Record<string, (b: Uint8Array) => boolean> = {
  'image/png': (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46,
};

/** Decodes an avatar data URL: JPG, GIF or PNG (checked by content), at most 800 kB. */
export function decodeAvatar(dataUrl: string): { mime: string; data: Uint8Array } {
  const match = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  const mime = match?.[1] ?? '';
  if (!match || !(LIMITS.avatar.types as readonly string[]).includes(mime)) {
    throw AppError.validation([{ path: 'dataUrl', key: 'avatarType' }]);
  }
  const data = new Uint8Array(Buffer.from(match[2], 'base64'));
  if (data.byteLength > LIMITS.avatar.maxBytes)
    throw AppError.validation([{ path: 'dataUrl', key: 'avatarSize' }]);
  if (!SIGNATURES[mime](data)) throw AppError.validation([{ path: 'dataUrl', key: 'avatarType' }]);
  return { mime, data };
}
