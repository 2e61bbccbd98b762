import type { TInboxSettingsBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../app/forms';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useSaveSettings } from './settings-api';

/**
 * Saves (a part of) the inbox settings with a toast either way; the server's field errors go to
 * `onFieldErrors` when the form shows them.
 */
export function useSettingsSaver(acc: string) {
  const { t } = useTranslation('settings');
  const save = useSaveSettings(acc);
  return {
    saving: save.isPending,
    send: (body: TInboxSettingsBody, onFieldErrors?: (errors: Record<string, string>) => void) =>
      save.mutate(body, {
        onSuccess: () => notify({ color: 'green', message: (t) => t('settings:saved') }),
        onError: (err) => {
          onFieldErrors?.(serverFieldErrors(t, err));
          notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) });
        },
      }),
  };
}
