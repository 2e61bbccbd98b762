import type { ReactNode } from 'react';
import { ActionIcon, Badge, Button, Divider, Menu, Text, Tooltip } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowLeft,
  IconBrowser,
  IconDots,
  IconDownload,
  IconHistory,
  IconMessageChatbot,
  IconPlayerPause,
  IconRocket,
  IconSettings,
  IconUpload,
} from '@tabler/icons-react';
import type { TChatbot } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccLink } from '../../../app/shell/use-acc-link';
import { StatusBadge } from '../list/chatbots-table';
import { chatPagePath, LIST_PATH } from '../chatbot-paths';
import classes from './flow-editor.module.css';

export type TToolbarAction =
  | 'undo'
  | 'redo'
  | 'issues'
  | 'versions'
  | 'import'
  | 'export'
  | 'settings'
  | 'test'
  | 'publish'
  | 'unpublish';

function Icon({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={onClick}
        disabled={disabled}
        aria-label={label}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The editor's bar: back, name and status, save state, undo/redo, problems, test, publish; the rest
 * (settings, versions, chat page, unpublish, import/export) in its menu, so it stays one row at 1366 px.
 */
export function FlowToolbar({
  chatbot,
  saveIndicator,
  canUndo,
  canRedo,
  issueCount,
  publishing,
  onAction,
}: {
  chatbot: TChatbot;
  saveIndicator: ReactNode;
  canUndo: boolean;
  canRedo: boolean;
  issueCount: number;
  publishing: boolean;
  onAction: (action: TToolbarAction) => void;
}) {
  const { t } = useTranslation('chatbots');
  const link = useAccLink();
  return (
    <header className={classes.toolbar}>
      <Tooltip label={t('editor.back')}>
        <ActionIcon
          component={Link}
          to={link(LIST_PATH)}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('editor.back')}
        >
          <IconArrowLeft size={18} />
        </ActionIcon>
      </Tooltip>
      <Text fw={700} truncate maw={260} component="h1" fz="md" m={0}>
        {chatbot.name}
      </Text>
      <StatusBadge bot={chatbot} />
      {chatbot.type === 'hybrid' && (
        // Short in the bar (the whole sentence pushed it onto two rows at 1366 px); the rest on hover.
        <Tooltip label={t('ai.hybridNote')} multiline w={260}>
          <Badge variant="light" color="violet" tt="none" tabIndex={0} aria-label={t('ai.hybridNote')}>
            {t('types.hybrid')}
          </Badge>
        </Tooltip>
      )}
      {saveIndicator}
      <Divider orientation="vertical" mx={4} />
      <Icon label={t('editor.undo')} onClick={() => onAction('undo')} disabled={!canUndo}>
        <IconArrowBackUp size={18} />
      </Icon>
      <Icon label={t('editor.redo')} onClick={() => onAction('redo')} disabled={!canRedo}>
        <IconArrowForwardUp size={18} />
      </Icon>
      <div style={{ flex: 1 }} />
      <Button
        variant="subtle"
        color={issueCount ? 'red' : 'gray'}
        leftSection={<IconAlertCircle size={16} />}
        onClick={() => onAction('issues')}
        data-testid="issues-button"
      >
        {t('editor.issues', { count: issueCount })}
      </Button>
      <Button
        variant="default"
        leftSection={<IconMessageChatbot size={16} />}
        onClick={() => onAction('test')}
      >
        {t('editor.test')}
      </Button>
      <Button
        leftSection={<IconRocket size={16} />}
        onClick={() => onAction('publish')}
        loading={publishing}
        data-testid="publish-button"
      >
        {chatbot.status === 'published' ? t('editor.publishAgain') : t('list.publish')}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('editor.more')}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => onAction('settings')}>
            {t('settings.title')}
          </Menu.Item>
          <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => onAction('versions')}>
            {t('versions.title')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconBrowser size={16} />}
            component={Link}
            to={link(chatPagePath(chatbot._id))}
          >
            {t('list.chatPage')}
          </Menu.Item>
          {chatbot.status === 'published' && (
            <Menu.Item
              leftSection={<IconPlayerPause size={16} />}
              disabled={publishing}
              onClick={() => onAction('unpublish')}
            >
              {t('list.unpublish')}
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconUpload size={16} />} onClick={() => onAction('import')}>
            {t('editor.import')}
          </Menu.Item>
          <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => onAction('export')}>
            {t('editor.export')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </header>
  );
}
