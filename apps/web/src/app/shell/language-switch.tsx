import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { LANGS, type TLang } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { usersApi } from '../../features/users/users-api';
import { changeLanguage, currentLang } from '../i18n';
import { getSession } from '../session';

const LABELS: Record<TLang, string> = { 'pt-BR': 'Português (Brasil)', en: 'English' };
const SHORT: Record<TLang, string> = { 'pt-BR': 'PT', en: 'EN' };

/** pt-BR / en switch; also saved on the user's profile when signed in. */
export function LanguageSwitch({ variant = 'subtle' }: { variant?: 'subtle' | 'default' }) {
  const { t, i18n } = useTranslation('shell');
  const lang = currentLang();
  const choose = async (next: TLang) => {
    await changeLanguage(next);
    if (getSession().token) void usersApi.updateMe({ lang: next }).catch(() => undefined);
  };
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <Button
          variant={variant}
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={16} />}
          aria-label={t('language.label')}
          data-lang={i18n.language}
        >
          {SHORT[lang]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {LANGS.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            onClick={() => void choose(code)}
            rightSection={code === lang ? <IconCheck size={14} /> : null}
          >
            {LABELS[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
