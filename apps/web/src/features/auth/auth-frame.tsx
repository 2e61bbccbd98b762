import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageButtons } from '../../app/shell/language-buttons';
import { AuthShell } from '../../ui/auth-shell';

/** The sign-in frame with the product's brand panel and the language switch. */
export function AuthFrame(props: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
}) {
  const { t } = useTranslation('auth');
  return (
    <AuthShell
      brandName={t('common:appName')}
      tagline={t('brand.tagline')}
      points={[t('brand.point1'), t('brand.point2'), t('brand.point3')]}
      corner={<LanguageButtons />}
      {...props}
    />
  );
}
