import { ActionIcon, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { notify } from '../notify';
import { useSession } from '../session';
import { navItemOf, STARRED_MAX, toggleStar, useStarred } from './starred';

/** The header's star: stars the current page (up to 10), which then shows at the top of the sidebar. */
export function StarPageButton() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const userId = useSession().user?._id;
  const starred = useStarred(userId);
  const item = navItemOf(pathname);
  if (!item || !userId) return null;
  const on = starred.includes(item.route);
  const page = t(`nav.${item.route}`);
  const label = on ? t('nav.unstar', { page }) : t('nav.star', { page });
  return (
    <Tooltip label={label} position="bottom">
      <ActionIcon
        variant="subtle"
        color={on ? 'yellow.8' : 'gray'}
        size="lg"
        aria-label={label}
        aria-pressed={on}
        data-testid="star-page"
        onClick={() => {
          if (toggleStar(userId, item.route) === 'limit')
            notify({ color: 'orange', message: (t) => t('shell:nav.starLimit', { max: STARRED_MAX }) });
        }}
      >
        {on ? <IconStarFilled size={18} /> : <IconStar size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
