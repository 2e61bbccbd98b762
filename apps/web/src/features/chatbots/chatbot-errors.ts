import type { TFunction } from 'i18next';
import { ApiError } from '../../app/api-client';
import { errorText, i18n } from '../../app/i18n';

/**
 * A refusal of the chatbot API in the interface language, its details filled in (the plan and its
 * limit of CHATBOT_LIMIT_REACHED).
 */
export function chatbotErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code && i18n.exists(`errors:${error.code}`) && error.details) {
    const values = Object.fromEntries(
      Object.entries(error.details).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
    );
    return t(`errors:${error.code}`, values);
  }
  return errorText(t, error);
}
