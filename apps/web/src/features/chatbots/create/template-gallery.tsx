import { Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFile, IconTemplate } from '@tabler/icons-react';
import type { TChatbotTemplate } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import classes from '../list/chatbot-type-modal.module.css';

export const BLANK = 'blank';

/** Start blank or from one of the gallery's templates (radio cards; `value` BLANK or a template id). */
export function TemplateGallery({
  templates,
  value,
  onChange,
}: {
  templates: TChatbotTemplate[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('chatbots');
  const text = (key: string, fallback: string) => t(key, { defaultValue: fallback });
  return (
    <Radio.Group value={value} onChange={onChange} label={t('create.start')} data-testid="template-gallery">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" mt="xs">
        {[{ id: BLANK, nameKey: 'create.blank', descriptionKey: 'create.blankHelp' }, ...templates].map(
          (tpl) => (
            <Radio.Card
              key={tpl.id}
              value={tpl.id}
              className={classes.card}
              data-testid={`template-${tpl.id}`}
              aria-label={text(tpl.nameKey, tpl.id)}
            >
              <Stack gap={6}>
                <ThemeIcon variant="light" radius="md" color={tpl.id === BLANK ? 'gray' : 'brand'}>
                  {tpl.id === BLANK ? <IconFile size={18} /> : <IconTemplate size={18} />}
                </ThemeIcon>
                <Text fw={650} fz="sm">
                  {text(tpl.nameKey, tpl.id)}
                </Text>
                <Text fz="xs" c="dimmed">
                  {text(tpl.descriptionKey, '')}
                </Text>
              </Stack>
            </Radio.Card>
          ),
        )}
      </SimpleGrid>
    </Radio.Group>
  );
}
