import { ActionIcon, Anchor, Badge, Group, Menu, Table, Text, Tooltip } from '@mantine/core';
import { IconBrowser, IconCopy, IconPencil, IconPlayerPause, IconRocket } from '@tabler/icons-react';
import type { TChannel, TChatbot } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '../../../app/format';
import { useAccLink } from '../../../app/shell/use-acc-link';
import { DataTable, DimmedCell } from '../../../ui/data-table';
import { DeleteMenuItem, RowMenu } from '../../../ui/row-action';
import { chatPagePath, editPath } from '../chatbot-paths';
import { ChatbotTypeIcon } from './chatbot-type-icon';

type TAction = 'publish' | 'unpublish' | 'duplicate';

export function StatusBadge({ bot }: { bot: Pick<TChatbot, 'status'> }) {
  const { t } = useTranslation('chatbots');
  return (
    <Badge variant="light" color={bot.status === 'published' ? 'green' : 'gray'} data-testid="chatbot-status">
      {t(`status.${bot.status}`)}
    </Badge>
  );
}

/** The bots of the list, one row each with its actions. */
export function ChatbotsTable({
  bots,
  channels,
  busyId,
  full = false,
  onAction,
  onDelete,
}: {
  bots: TChatbot[];
  channels: TChannel[];
  busyId?: string;
  /** The plan's bots all exist: a copy would be refused, so "Duplicate" is off. */
  full?: boolean;
  onAction: (action: TAction, bot: TChatbot) => void;
  onDelete: (bot: TChatbot) => void;
}) {
  const { t, i18n } = useTranslation('chatbots');
  const link = useAccLink();
  const channelName = (id: string) => channels.find((c) => c._id === id)?.name;
  return (
    <DataTable
      testId="chatbots-table"
      minWidth={900}
      columns={[
        { label: t('list.columns.name') },
        { label: t('list.columns.type'), w: 140 },
        { label: t('list.columns.channels'), w: 190 },
        { label: t('list.columns.status'), w: 150 },
        { label: t('list.columns.published'), w: 190 },
        // Wide enough for 'Em fluxo agora' (118 px, bold) on one line: it wrapped at 1366 px.
        { label: t('list.columns.inFlow'), w: 165, ta: 'right' },
        { label: t('list.columns.actions'), w: 96, hidden: true },
      ]}
    >
      {bots.map((bot) => {
        const names = bot.channelIds.map(channelName).filter((n): n is string => !!n);
        return (
          <Table.Tr key={bot._id} data-testid="chatbot-row">
            <Table.Td>
              <Anchor component={Link} to={link(editPath(bot.type, bot._id))} fw={600} fz="sm">
                {bot.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <ChatbotTypeIcon type={bot.type} />
                <Text fz="sm">{t(`types.${bot.type}`)}</Text>
              </Group>
            </Table.Td>
            <Table.Td>
              {names.length ? (
                <Group gap={4}>
                  {names.map((n) => (
                    <Badge key={n} variant="outline" color="gray" tt="none" fw={500}>
                      {n}
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Text fz="sm" c="dimmed">
                  {t('list.noChannels')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <StatusBadge bot={bot} />
            </Table.Td>
            <DimmedCell>
              {bot.publishedAt
                ? t('list.publishedAt', {
                    date: formatDate(bot.publishedAt, i18n.language, true),
                    version: bot.publishedVersion ?? '',
                  })
                : t('list.never')}
            </DimmedCell>
            <Table.Td ta="right" data-testid="chatbot-in-flow">
              <Text fz="sm">{formatNumber(bot.inFlowNow, i18n.language)}</Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label={t('list.edit')}>
                  <ActionIcon
                    component={Link}
                    to={link(editPath(bot.type, bot._id))}
                    variant="subtle"
                    color="gray"
                    aria-label={t('list.editNamed', { name: bot.name })}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
                <RowMenu label={t('list.moreNamed', { name: bot.name })}>
                  {bot.status === 'published' ? (
                    <Menu.Item
                      leftSection={<IconPlayerPause size={16} />}
                      disabled={busyId === bot._id}
                      onClick={() => onAction('unpublish', bot)}
                    >
                      {t('list.unpublish')}
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      leftSection={<IconRocket size={16} />}
                      disabled={busyId === bot._id}
                      onClick={() => onAction('publish', bot)}
                    >
                      {t('list.publish')}
                    </Menu.Item>
                  )}
                  <Menu.Item
                    leftSection={<IconBrowser size={16} />}
                    component={Link}
                    to={link(chatPagePath(bot._id))}
                  >
                    {t('list.chatPage')}
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconCopy size={16} />}
                    disabled={full || busyId === bot._id}
                    onClick={() => onAction('duplicate', bot)}
                  >
                    {t('list.duplicate')}
                  </Menu.Item>
                  <Menu.Divider />
                  <DeleteMenuItem onClick={() => onDelete(bot)}>{t('list.delete')}</DeleteMenuItem>
                </RowMenu>
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
