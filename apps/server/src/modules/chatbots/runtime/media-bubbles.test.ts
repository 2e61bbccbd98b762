import { describe, expect, it } from 'vitest';
import { mediaMessageOf } from './media-bubbles';

const image = {
  type: 'media' as const,
  kind: 'image' as const,
  url: 'https://x.test/a/foto.png',
  caption: 'Foto',
};

describe('mediaMessageOf', () => {
  it('a channel that takes the type gets a media message (type from the extension, else the bubble)', () => {
    expect(mediaMessageOf(image, 'whatsapp-cloud')).toEqual({
      text: 'Foto',
      media: { url: 'https://x.test/a/foto.png', mimeType: 'image/png', fileName: 'foto.png' },
    });
    expect(
      mediaMessageOf({ ...image, kind: 'video', url: 'https://x.test/v' }, 'webchat').media?.mimeType,
    ).toBe('video/mp4');
  });

  it('SMS, a link/embed bubble or a type the channel refuses: the caption and the link as text', () => {
    expect(mediaMessageOf(image, 'sms')).toEqual({ text: 'Foto\nhttps://x.test/a/foto.png' });
    expect(mediaMessageOf({ ...image, kind: 'embed' }, 'webchat')).toEqual({
      text: 'Foto\nhttps://x.test/a/foto.png',
    });
    // WhatsApp takes no GIF.
    expect(mediaMessageOf({ ...image, url: 'https://x.test/a.gif' }, 'whatsapp-cloud').media).toBeUndefined();
  });
});
