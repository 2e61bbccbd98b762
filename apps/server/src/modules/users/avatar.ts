import { LIMITS } from '@atende/shared';
import { AppError } from '../../platform/errors';
import { isImageOf } from '../../platform/upload-check';

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
  if (!isImageOf(data, mime)) throw AppError.validation([{ path: 'dataUrl', key: 'avatarType' }]);
  return { mime, data };
}
