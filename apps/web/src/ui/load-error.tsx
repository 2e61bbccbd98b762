import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../app/i18n';

/** Why a list or a form could not be loaded (the server's message in the interface language). */
export function LoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Text c="red.8" role="alert">
      {errorText(t, error)}
    </Text>
  );
}
