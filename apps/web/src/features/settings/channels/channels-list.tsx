import { Badge, Button, Card, Group, Menu, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconCode, IconPencil, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import type { TChannel, TChannelKind } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, DimmedCell } from '../../../ui/data-table';
import { DeleteMenuItem, RowMenu } from '../../../ui/row-action';
import { formatDate } from '../../../app/format';
import { BADGE_TEXT } from '../badge-text';
import { channelAddress, KIND_COLOR, KIND_ICON, KINDS } from './channel-kinds';

function KindIcon({ kind, size = 36 }: { kind: TChannelKind; size?: number }) {
  const Icon = KIND_ICON[kind];
  return (
    <ThemeIcon variant="light" color={KIND_COLOR[kind]} size={size} radius="md">
      <Icon size={size * 0.55} />
    </ThemeIcon>
  );
}

/** No channel yet: the three kinds with what each is for. */
export function ConnectCards({ onPick }: { onPick: (kind: TChannelKind) => void }) {
  const { t } = useTranslation('settings');
  return (
    <Group grow align="stretch" gap="md" data-testid="channels-empty">
      {KINDS.map((kind) => (
        <Card key={kind} padding="lg">
          <Stack gap="sm" h="100%" justify="space-between">
            <Stack gap="xs">
              <KindIcon kind={kind} size={42} />
              <Text fw={650}>{t(`channels.kinds.${kind}`)}</Text>
              <Text fz="sm" c="dimmed">
                {t(`channels.kindHelp.${kind}`)}
              </Text>
            </Stack>
            <Button variant="light" onClick={() => onPick(kind)}>
              {t('channels.connectKind', { kind: t(`channels.kinds.${kind}`) })}
            </Button>
          </Stack>
        </Card>
      ))}
    </Group>
  );
}

/** The connected channels: kind, address, status; setup instructions, edit, disable, delete. */
export function ChannelsTable({
  channels,
  onSetup,
  onEdit,
  onToggle,
  onDelete,
}: {
  channels: TChannel[];
  onSetup: (channel: TChannel) => void;
  onEdit: (channel: TChannel) => void;
  onToggle: (channel: TChannel) => void;
  onDelete: (channel: TChannel) => void;
}) {
  const { t, i18n } = useTranslation('settings');
  return (
    <Card padding={0}>
      <DataTable
        testId="channels-table"
        minWidth={720}
        columns={[
          { label: t('channels.columns.channel') },
          { label: t('channels.columns.kind') },
          { label: t('channels.columns.status') },
          { label: t('channels.columns.createdAt') },
          { label: t('channels.columns.actions'), ta: 'right' },
        ]}
      >
        {channels.map((channel) => (
          <Table.Tr key={channel._id} data-testid="channel-row">
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                <KindIcon kind={channel.kind} />
                <div style={{ minWidth: 0 }}>
                  <Text fz="sm" fw={600}>
                    {channel.name}
                  </Text>
                  <Text fz="xs" c="dimmed" truncate maw={320}>
                    {channelAddress(channel)}
                  </Text>
                </div>
              </Group>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{t(`channels.kinds.${channel.kind}`)}</Text>
            </Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                color={channel.status === 'active' ? 'green' : 'gray'}
                c={channel.status === 'active' ? BADGE_TEXT.green : undefined}
              >
                {t(`channels.status.${channel.status}`)}
              </Badge>
            </Table.Td>
            <DimmedCell>{formatDate(channel.createdAt, i18n.language)}</DimmedCell>
            <Table.Td>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconCode size={14} />}
                  onClick={() => onSetup(channel)}
                  aria-label={t('channels.setupNamed', { name: channel.name })}
                >
                  {t(channel.kind === 'webchat' ? 'channels.embed' : 'channels.webhook')}
                </Button>
                <RowMenu label={t('channels.actionsNamed', { name: channel.name })}>
                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(channel)}>
                    {t('channels.edit')}
                  </Menu.Item>
                  <Menu.Item
                    leftSection={
                      channel.status === 'active' ? (
                        <IconPlayerPause size={16} />
                      ) : (
                        <IconPlayerPlay size={16} />
                      )
                    }
                    onClick={() => onToggle(channel)}
                  >
                    {t(channel.status === 'active' ? 'channels.disable' : 'channels.enable')}
                  </Menu.Item>
                  <Menu.Divider />
                  <DeleteMenuItem onClick={() => onDelete(channel)}>{t('channels.delete')}</DeleteMenuItem>
                </RowMenu>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Card>
  );
}
