import type { TChannelKind } from '@atende/shared';
import { checkMediaAllowed } from '../../../providers/media-limits';
import type { TEffect } from './flow-engine';

type TMediaEffect = Extract<TEffect, { type: 'media' }>;

const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  amr: 'audio/amr',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** Without a known extension, what each bubble most likely links to. */
const BY_KIND: Record<Exclude<TMediaEffect['kind'], 'embed'>, string> = {
  image: 'image/jpeg',
  video: 'video/mp4',
  audio: 'audio/mpeg',
  file: 'application/pdf',
};

/** The file name and extension of a link's path ('' when it has none). */
function fileNameOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    return '';
  }
}

/**
 * How a media bubble goes out on a channel: as a media message (its link, type and caption) when
 * the channel takes that type of media (spec: "media bubbles go through the channel's media
 * limits"), else as a text with the link (SMS; a link/embed bubble; a type the channel refuses).
 */
export function mediaMessageOf(
  effect: TMediaEffect,
  channelKind: string | null,
): { text: string; media?: { url: string; mimeType: string; fileName?: string } } {
  const asText = { text: [effect.caption, effect.url].filter(Boolean).join('\n') };
  if (effect.kind === 'embed' || !channelKind || !/^https?:\/\//i.test(effect.url)) return asText;
  const fileName = fileNameOf(effect.url);
  const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  const byExt = BY_EXTENSION[ext];
  // The extension wins only when it agrees with the bubble (an image bubble linking a .pdf is a file).
  const mimeType =
    byExt && (effect.kind === 'file' || byExt.startsWith(`${effect.kind}/`)) ? byExt : BY_KIND[effect.kind];
  if (checkMediaAllowed(channelKind as TChannelKind, mimeType, 0)) return asText;
  return {
    text: effect.caption,
    media: { url: effect.url, mimeType, ...(fileName ? { fileName } : {}) },
  };
}
