import { Button } from '@mantine/core';
import type { TLang } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLang, SUPPORTED_LANGS } from '../i18n';

const SHORT: Record<TLang, string> = { 'pt-BR': 'PT', en: 'EN' };
const NAMES: Record<TLang, string> = { 'pt-BR': 'Português (Brasil)', en: 'English' };

/** Compact pt-BR / en switch for the sign-in pages. */
export function LanguageButtons() {
  const { t } = useTranslation('shell');
  const lang = currentLang();
  return (
    <Button.Group aria-label={t('language.label')}>
      {SUPPORTED_LANGS.map((code) => (
        <Button
          key={code}
          size="compact-sm"
          variant={code === lang ? 'filled' : 'default'}
          onClick={() => void changeLanguage(code)}
          aria-pressed={code === lang}
          title={NAMES[code]}
          lang={code}
          data-lang={code}
        >
          {SHORT[code]}
        </Button>
      ))}
    </Button.Group>
  );
}
