import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A form's save button at its end (busy while saving). */
export function SaveBar({ onSave, saving, mt }: { onSave: () => void; saving: boolean; mt?: 'md' }) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end" mt={mt}>
      <Button onClick={onSave} loading={saving}>
        {t('save')}
      </Button>
    </Group>
  );
}
