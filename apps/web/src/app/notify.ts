import { notifications, type NotificationData } from '@mantine/notifications';
import { i18n } from './i18n';
import { wantToasts } from './toast-demand';

/**
 * The language each open toast was written in. Call sites pass text already translated, so a toast
 * cannot be written again in another language: switching the language closes those written in the
 * previous one (rather than leaving Portuguese on an English screen).
 */
const shownIn = new Map<string, string>();

i18n.on('languageChanged', (lang: string) => {
  for (const [id, written] of shownIn) if (written !== lang) notifications.hide(id);
});

/**
 * A toast whose close button has an accessible name in the current language. Its auto-close time
 * is also on the element (`data-autoclose`), so tests and support can see how long it stays. It
 * closes when the interface language changes.
 */
export function notify(data: NotificationData): string {
  wantToasts();
  const autoClose = typeof data.autoClose === 'number' ? { 'data-autoclose': String(data.autoClose) } : {};
  const id = notifications.show({
    ...data,
    ...(autoClose as object),
    closeButtonProps: { 'aria-label': i18n.t('common:close') },
    onClose: (shown) => {
      shownIn.delete(id);
      data.onClose?.(shown);
    },
  });
  shownIn.set(id, i18n.language);
  return id;
}
