import type { TChannelKind, TErrorCode } from '@atende/shared';
import type { TMediaLimits } from './channel-adapter';

const KB = 1024;
const MB = 1024 * 1024;

/**
 * WhatsApp Cloud API supported media (Meta's "Supported media types" table): image jpeg/png 5 MB;
 * audio aac/amr/mpeg/mp4/ogg(opus) 16 MB; video mp4/3gpp 16 MB; documents 100 MB; stickers webp
 * 100 KB static / 500 KB animated (a MIME type cannot tell them apart: the animated ceiling applies).
 */
export const WHATSAPP_MEDIA_LIMITS: TMediaLimits = {
  types: {
    'image/jpeg': 5 * MB,
    'image/png': 5 * MB,
    'audio/aac': 16 * MB,
    'audio/amr': 16 * MB,
    'audio/mpeg': 16 * MB,
    'audio/mp4': 16 * MB,
    'audio/ogg': 16 * MB,
    'video/mp4': 16 * MB,
    'video/3gpp': 16 * MB,
    'text/plain': 100 * MB,
    'application/pdf': 100 * MB,
    'application/msword': 100 * MB,
    'application/vnd.ms-excel': 100 * MB,
    'application/vnd.ms-powerpoint': 100 * MB,
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 100 * MB,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 100 * MB,
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': 100 * MB,
    'image/webp': 500 * KB,
  },
};

/** SMS carries text only. */
export const SMS_MEDIA_LIMITS: TMediaLimits = { types: {} };

/** Web chat: the spec's inbox files (100 files of 50 MB) of common types. */
export const WEBCHAT_MEDIA_LIMITS: TMediaLimits = {
  types: Object.fromEntries(
    [
      'image/jpeg',
      'image/png',
      'image/gif',
      'image/webp',
      'audio/mpeg',
      'audio/ogg',
      'audio/mp4',
      'audio/webm',
      'video/mp4',
      'video/webm',
      'application/pdf',
      'text/plain',
      'text/csv',
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/zip',
    ].map((t) => [t, 50 * MB]),
  ),
};

export const MEDIA_LIMITS: Record<TChannelKind, TMediaLimits> = {
  'whatsapp-cloud': WHATSAPP_MEDIA_LIMITS,
  sms: SMS_MEDIA_LIMITS,
  webchat: WEBCHAT_MEDIA_LIMITS,
};

/** The WhatsApp message type of a MIME type (image, audio, video, document, sticker). */
export function whatsappMediaType(mimeType: string): 'image' | 'audio' | 'video' | 'document' | 'sticker' {
  const mime = baseMime(mimeType);
  if (mime === 'image/webp') return 'sticker';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  return 'document';
}

/** 'audio/ogg; codecs=opus' → 'audio/ogg'. */
export function baseMime(mimeType: string): string {
  return mimeType.split(';')[0].trim().toLowerCase();
}

/**
 * Whether a file may go out on a channel kind: the catalogue error (spec §8: "channel does not
 * accept media", "file type not allowed on channel", "file too large for channel") or null.
 */
export function checkMediaAllowed(
  kind: TChannelKind,
  mimeType: string,
  size: number,
): Extract<TErrorCode, 'CHANNEL_NO_MEDIA' | 'FILE_TYPE_NOT_ALLOWED' | 'FILE_TOO_LARGE'> | null {
  const limits = MEDIA_LIMITS[kind];
  if (!limits || Object.keys(limits.types).length === 0) return 'CHANNEL_NO_MEDIA';
  const max = limits.types[baseMime(mimeType)];
  if (max === undefined) return 'FILE_TYPE_NOT_ALLOWED';
  if (size > max) return 'FILE_TOO_LARGE';
  return null;
}
