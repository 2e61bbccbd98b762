import { notifications, type NotificationData } from '@mantine/notifications';
import { i18n } from './i18n';

/** A toast whose close button has an accessible name in the current language. */
export function notify(data: NotificationData): string {
  return notifications.show({ ...data, closeButtonProps: { 'aria-label': i18n.t('common:close') } });
}
