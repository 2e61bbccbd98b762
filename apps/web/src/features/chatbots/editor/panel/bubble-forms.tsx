import { Stack } from '@mantine/core';
import { CHATBOT_LIMITS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Field, TextWithVariables } from './fields';
import type { TFormOf } from './form-types';

export function TextBubbleForm({ block, set, doc, errors }: TFormOf<'text'>) {
  const { t } = useTranslation('chatbots');
  return (
    <TextWithVariables
      label={t('panel.text')}
      value={block.text}
      onChange={(text) => set({ text }, 'text')}
      doc={doc}
      error={errors.text}
      required
      placeholder={t('panel.textPlaceholder')}
      minRows={4}
    />
  );
}

export function MediaBubbleForm({ block, set, doc, errors }: TFormOf<'image' | 'video' | 'audio' | 'file'>) {
  const { t } = useTranslation('chatbots');
  return (
    <Stack gap="sm">
      <Field
        label={t('panel.mediaUrl')}
        description={t('panel.mediaUrlHelp')}
        placeholder="https://"
        value={block.url}
        onChange={(url) => set({ url }, 'url')}
        error={errors.url}
        maxLength={CHATBOT_LIMITS.urlMax}
        required
      />
      {block.type === 'file' && (
        <Field
          label={t('panel.fileName')}
          value={block.fileName}
          onChange={(fileName) => set({ fileName: fileName || null }, 'fileName')}
          maxLength={200}
        />
      )}
      <TextWithVariables
        label={t('panel.caption')}
        value={block.caption ?? ''}
        onChange={(caption) => set({ caption: caption || null }, 'caption')}
        doc={doc}
        error={errors.caption}
        minRows={2}
      />
    </Stack>
  );
}

export function EmbedBubbleForm({ block, set, errors }: TFormOf<'embed'>) {
  const { t } = useTranslation('chatbots');
  return (
    <Stack gap="sm">
      <Field
        label={t('panel.linkUrl')}
        placeholder="https://"
        value={block.url}
        onChange={(url) => set({ url }, 'url')}
        error={errors.url}
        maxLength={CHATBOT_LIMITS.urlMax}
        required
      />
      <Field
        label={t('panel.linkTitle')}
        value={block.title}
        onChange={(title) => set({ title: title || null }, 'title')}
        maxLength={200}
      />
    </Stack>
  );
}
