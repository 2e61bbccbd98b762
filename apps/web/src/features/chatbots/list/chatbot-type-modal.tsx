import { Modal, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { CHATBOT_TYPES, type TChatbotType } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { ChatbotTypeIcon } from './chatbot-type-icon';
import classes from './chatbot-type-modal.module.css';

/** "New chatbot": the four kinds of bot, each with what it is for; picking one opens its create page. */
export function ChatbotTypeModal({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (type: TChatbotType) => void;
}) {
  const { t } = useTranslation('chatbots');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('typePicker.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Text fz="sm" c="dimmed" mb="md">
        {t('typePicker.subtitle')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {CHATBOT_TYPES.map((type) => (
          <UnstyledButton
            key={type}
            className={classes.card}
            onClick={() => onPick(type)}
            data-testid={`chatbot-type-${type}`}
          >
            <Stack gap={6}>
              <ThemeIcon variant="light" size="lg" radius="md">
                <ChatbotTypeIcon type={type} size={20} />
              </ThemeIcon>
              <Text fw={650}>{t(`types.${type}`)}</Text>
              <Text fz="sm" c="dimmed">
                {t(`typeHelp.${type}`)}
              </Text>
            </Stack>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
