import { Avatar, Badge, ColorSwatch, Group, Tooltip } from '@mantine/core';
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

/**
 * The contact's tags as chips (tag colour as a dot); `max` of them, then a '+N' count whose tooltip
 * names the others. A long tag name is cut with an ellipsis (whole in its tooltip), never wider than
 * its cell or card.
 */
export function TagChips({
  ids,
  tags,
  max = 3,
  wrap = true,
}: {
  ids: string[];
  tags: Map<string, TContactTag>;
  max?: number;
  /** Chips on several lines (cards); false keeps them on one line (table cells). */
  wrap?: boolean;
}) {
  const { t } = useTranslation('contacts');
  const known = ids.map((id) => tags.get(id)).filter((tag): tag is TContactTag => Boolean(tag));
  if (known.length === 0) return null;
  const shown = known.slice(0, max);
  const hidden = known.slice(max);
  return (
    <Group gap={4} wrap={wrap ? 'wrap' : 'nowrap'} miw={0} maw="100%">
      {shown.map((tag) => (
        <Badge
          key={tag._id}
          size="sm"
          variant="default"
          tt="none"
          fw={500}
          radius="sm"
          maw={140}
          title={tag.name}
          leftSection={<ColorDot color={tag.color} size={7} />}
          data-testid="tag-chip"
        >
          {tag.name}
        </Badge>
      ))}
      {hidden.length > 0 && (
        <Tooltip label={hidden.map((tag) => tag.name).join(', ')} multiline maw={260} withArrow>
          <Badge
            size="sm"
            variant="light"
            color="gray"
            tt="none"
            fw={600}
            radius="sm"
            style={{ flexShrink: 0, cursor: 'default' }}
            tabIndex={0}
            role="img"
            aria-label={t('table.moreTags', {
              count: hidden.length,
              names: hidden.map((tag) => tag.name).join(', '),
            })}
            data-testid="tag-more"
          >
            +{hidden.length}
          </Badge>
        </Tooltip>
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
