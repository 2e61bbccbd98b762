import { notifications, type NotificationData } from '@mantine/notifications';
import { i18n } from './i18n';
import { wantToasts } from './toast-demand';

/**
 * A toast whose close button has an accessible name in the current language. Its auto-close time
 * is also on the element (`data-autoclose`), so tests and support can see how long it stays.
 */
export function notify(data: NotificationData): string {
  wantToasts();
  const autoClose = typeof data.autoClose === 'number' ? { 'data-autoclose': String(data.autoClose) } : {};
  return notifications.show({
    ...data,
    ...(autoClose as object),
    closeButtonProps: { 'aria-label': i18n.t('common:close') },
  });
}
