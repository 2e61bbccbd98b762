import { Anchor, Badge, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { badgeText, hasRole, type TTeamChatRoom, type TTeamMember } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentRole, useSession } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { ChatAvatar, presenceText } from './presence';
import { useChatClient, useChatState } from './use-chat';
import classes from './team-chat.module.css';

const ORDER: Record<TTeamChatRoom['type'], number> = { account: 0, ai: 1, direct: 2 };

/** The panel's home: rooms with unread counts, then the team with presence (start a direct room). */
export function RoomList() {
  const { t, i18n } = useTranslation('team-chat');
  const client = useChatClient();
  const state = useChatState();
  const session = useSession();
  const accountName = session.account?.acc.name ?? '';
  const link = useAccLink();
  const admin = hasRole(currentRole(session), 'admin');
  const members = new Map(state.members.map((m) => [m.userId, m]));
  const rooms = [...state.rooms].sort(
    (a, b) => ORDER[a.type] - ORDER[b.type] || a.roomName.localeCompare(b.roomName),
  );
  const teammates = state.members
    .filter((m) => m.userId !== state.me)
    .sort((a, b) => a.name.localeCompare(b.name));

  const roomTitle = (room: TTeamChatRoom) =>
    room.type === 'account' ? t('rooms.everyone') : room.type === 'ai' ? t('rooms.ai') : room.roomName;
  const roomHint = (room: TTeamChatRoom, other?: TTeamMember) =>
    room.type === 'account'
      ? t('rooms.everyoneHint', { account: accountName || room.roomName })
      : room.type === 'ai'
        ? t('rooms.aiHint')
        : presenceText(t, other, i18n.language);

  return (
    <ScrollArea
      className={classes.messages}
      type="auto"
      bg="white"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('rooms.label') }}
    >
      <Stack gap={2} p="xs">
        <Text component="h3" fz="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt={4}>
          {t('rooms.label')}
        </Text>
        <ul aria-label={t('rooms.label')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rooms.map((room) => {
            const other = members.get(room.users.find((u) => u !== state.me) ?? '');
            const title = roomTitle(room);
            return (
              <li key={room.roomId}>
                <UnstyledButton
                  className={classes.row}
                  onClick={() => client.openRoom(room.roomId)}
                  data-testid={`room-${room.type}`}
                  aria-label={
                    room.unreadCount > 0
                      ? `${title}, ${t('rooms.unread', { count: room.unreadCount })}`
                      : title
                  }
                >
                  <ChatAvatar room={room} member={other} name={title} />
                  <div className={classes.rowText}>
                    <Text fz="sm" fw={room.unreadCount > 0 ? 700 : 500} truncate>
                      {title}
                    </Text>
                    <Text fz="xs" c="dimmed" truncate>
                      {roomHint(room, other)}
                    </Text>
                  </div>
                  {room.unreadCount > 0 && (
                    <Badge color="red" circle={room.unreadCount < 10} size="md" aria-hidden="true">
                      {badgeText(room.unreadCount)}
                    </Badge>
                  )}
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
        <Text component="h3" fz="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm">
          {t('members.label')}
        </Text>
        {teammates.length === 0 ? (
          <Text fz="sm" c="dimmed" px="sm">
            {t('members.empty')}{' '}
            {admin && (
              <Anchor component={Link} to={link('/acc/users')} fz="sm">
                {t('members.invite')}
              </Anchor>
            )}
          </Text>
        ) : (
          <ul aria-label={t('members.label')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {teammates.map((member) => (
              <li key={member.userId}>
                <UnstyledButton
                  className={classes.row}
                  onClick={() => client.openMember(member.userId)}
                  aria-label={`${t('members.startChat', { name: member.name })} (${presenceText(t, member, i18n.language)})`}
                  data-testid="member-row"
                >
                  <ChatAvatar member={member} name={member.name} />
                  <div className={classes.rowText}>
                    <Text fz="sm" fw={500} truncate>
                      {member.name}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <Text fz="xs" c="dimmed" truncate data-testid="member-presence">
                        {presenceText(t, member, i18n.language)}
                      </Text>
                    </Group>
                  </div>
                </UnstyledButton>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </ScrollArea>
  );
}
