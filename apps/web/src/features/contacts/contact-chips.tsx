import { Avatar, Badge, ColorSwatch, Group, Text } from '@mantine/core';
import type { TContact, TContactPhase, TContactTag } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { initials } from '../../app/shell/user-menu';
import { phaseLabel } from './contact-format';

/** A colour dot (decorative: the name beside it says what it is). */
export function ColorDot({ color, size = 10 }: { color: string; size?: number }) {
  return <ColorSwatch color={color} size={size} withShadow={false} aria-hidden="true" />;
}

/** Phase badge: neutral text (readable on any colour) with the phase colour as a dot. */
export function PhaseBadge({ phase }: { phase: TContactPhase | undefined }) {
  const { t } = useTranslation('contacts');
  if (!phase) return null;
  return (
    <Badge
      variant="default"
      tt="none"
      fw={600}
      leftSection={<ColorDot color={phase.color} size={8} />}
      data-testid="phase-badge"
    >
      {phaseLabel(t, phase)}
    </Badge>
  );
}

/** The contact's tags as chips (tag colour as a dot); `max` of them, then '+N'. */
export function TagChips({
  ids,
  tags,
  max = 3,
}: {
  ids: string[];
  tags: Map<string, TContactTag>;
  max?: number;
}) {
  const known = ids.map((id) => tags.get(id)).filter((tag): tag is TContactTag => Boolean(tag));
  if (known.length === 0) return null;
  const shown = known.slice(0, max);
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((tag) => (
        <Badge
          key={tag._id}
          size="sm"
          variant="default"
          tt="none"
          fw={500}
          radius="sm"
          leftSection={<ColorDot color={tag.color} size={7} />}
          data-testid="tag-chip"
        >
          {tag.name}
        </Badge>
      ))}
      {known.length > max && (
        <Text fz="xs" c="dimmed">
          +{known.length - max}
        </Text>
      )}
    </Group>
  );
}

export function ContactAvatar({
  contact,
  size = 32,
}: {
  contact: Pick<TContact, 'name' | 'profilePic'>;
  size?: number;
}) {
  return (
    <Avatar src={contact.profilePic} size={size} radius="xl" color="brand" alt="">
      {initials(contact.name)}
    </Avatar>
  );
}
