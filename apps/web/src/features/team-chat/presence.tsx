import { Avatar, ThemeIcon } from '@mantine/core';
import { IconRobot, IconUsersGroup } from '@tabler/icons-react';
import type { TTeamChatRoom, TTeamMember } from '@atende/shared';
import type { TFunction } from 'i18next';
import classes from './team-chat.module.css';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** "Online", "Away", or "Offline · last seen …" of a member. */
export function presenceText(t: TFunction, member: TTeamMember | undefined, lang: string): string {
  if (!member) return t('team-chat:presence.offline');
  const status = t(`team-chat:presence.${member.status}`);
  if (member.status !== 'offline' || !member.lastSeen) return status;
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(member.lastSeen),
  );
  return `${status} · ${t('team-chat:presence.lastSeen', { when })}`;
}

/** A room's or member's avatar, with the presence dot of a teammate. */
export function ChatAvatar({
  room,
  member,
  name,
}: {
  room?: Pick<TTeamChatRoom, 'type'>;
  member?: TTeamMember;
  name: string;
}) {
  if (room?.type === 'account')
    return (
      <ThemeIcon size={38} radius="xl" variant="light" aria-hidden="true">
        <IconUsersGroup size={20} />
      </ThemeIcon>
    );
  if (room?.type === 'ai')
    return (
      <ThemeIcon size={38} radius="xl" variant="light" color="grape" aria-hidden="true">
        <IconRobot size={20} />
      </ThemeIcon>
    );
  return (
    <span className={classes.avatarWrap}>
      <Avatar src={member?.avatar ?? null} size={38} radius="xl" color="brand" alt="">
        {initials(name)}
      </Avatar>
      <span
        className={classes.dot}
        data-status={member?.status ?? 'offline'}
        data-testid="presence-dot"
        aria-hidden="true"
      />
    </span>
  );
}
