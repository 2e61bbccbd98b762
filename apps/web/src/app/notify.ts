import { createElement, type ReactNode } from 'react';
import { type NotificationData, notifications, notificationsStore } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';
import { wantToasts } from './toast-demand';

/**
 * A toast's text, written each time the toast is drawn with `t` in the interface language of that
 * moment: a toast on screen reads in the new language after a switch. `t` has no namespace of its
 * own (the common one): keys name theirs, `(t) => t('contacts:deleted', { name })`.
 */
export type TToastText = (t: TFunction) => ReactNode;

/** A toast: Mantine's notification with its title and message written by `TToastText`s. */
export type TToast = Omit<NotificationData, 'title' | 'message'> & {
  title?: TToastText;
  message: TToastText;
};

/** Draws a toast's text in the current language (and again when it changes). */
function ToastText({ text }: { text: TToastText }): ReactNode {
  const { t } = useTranslation();
  return text(t);
}

const closeLabel = () => ({ 'aria-label': i18n.t('common:close') });

// Every toast comes from notify(): a language switch names their close buttons again.
i18n.on('languageChanged', () => {
  notifications.updateState(notificationsStore, (list) =>
    list.map((toast) => ({ ...toast, closeButtonProps: closeLabel() })),
  );
});

/**
 * A toast whose texts follow the interface language (a switch writes them again, nothing closes)
 * and whose close button has an accessible name in that language. Its auto-close time is also on
 * the element (`data-autoclose`), so tests and support can see how long it stays.
 */
export function notify({ title, message, ...data }: TToast): string {
  wantToasts();
  const autoClose = typeof data.autoClose === 'number' ? { 'data-autoclose': String(data.autoClose) } : {};
  return notifications.show({
    ...data,
    ...(autoClose as object),
    title: title && createElement(ToastText, { text: title }),
    message: createElement(ToastText, { text: message }),
    closeButtonProps: closeLabel(),
  });
}
