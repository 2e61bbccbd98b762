import { Anchor, Group, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import type { TMessage } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../app/format';
import classes from '../inbox.module.css';

/** Images inline, audio and video players, other files as a download link (the signed media URL). */
export function MessageMedia({ message }: { message: TMessage }) {
  const { t, i18n } = useTranslation('inbox');
  const media = message.media;
  if (!media) return null;
  const name = media.fileName || t('message.file');
  const url = media.url;
  if (!url)
    return (
      <Group gap={6} wrap="nowrap" mb={4}>
        <IconFileText size={20} aria-hidden />
        <Text fz="sm">{name}</Text>
      </Group>
    );
  const kind = message.kind;
  if (kind === 'image' || kind === 'sticker' || media.mimeType.startsWith('image/'))
    return (
      <a href={url} target="_blank" rel="noreferrer" aria-label={t('message.openImage', { name })}>
        <img src={url} alt={name} className={classes.media} loading="lazy" />
      </a>
    );
  if (kind === 'audio' || media.mimeType.startsWith('audio/'))
    // biome-ignore lint/a11y/useMediaCaption: customer voice notes have no captions
    return <audio controls src={url} preload="none" aria-label={name} style={{ maxWidth: 280 }} />;
  if (kind === 'video' || media.mimeType.startsWith('video/'))
    // biome-ignore lint/a11y/useMediaCaption: customer videos have no captions
    return <video controls src={url} preload="metadata" aria-label={name} className={classes.media} />;
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" underline="never" style={{ display: 'block' }} mb={4}>
      <Group gap={8} wrap="nowrap" p={8} style={{ background: 'rgb(0 0 0 / 4%)', borderRadius: 6 }}>
        <IconFileText size={26} aria-hidden />
        <div style={{ minWidth: 0 }}>
          <Text fz="sm" fw={600} className={classes.ellipsis}>
            {name}
          </Text>
          {media.size ? (
            <Text fz={11} c="dimmed">
              {formatBytes(media.size, i18n.language)}
            </Text>
          ) : null}
        </div>
      </Group>
    </Anchor>
  );
}
