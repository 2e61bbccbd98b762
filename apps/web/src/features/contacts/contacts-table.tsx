import {
  ActionIcon,
  Anchor,
  Badge,
  Checkbox,
  Group,
  Skeleton,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconBan, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TContact, TContactPhase, TContactTag } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatDate, formatPhone, intlLocale } from '../../app/format';
import { ContactAvatar, PhaseBadge, TagChips } from './contact-chips';
import classes from './contacts-table.module.css';
import { stickyEndClass } from '../../ui/data-table';

const SKELETON_ROWS = 8;
/** Checkbox, contact, phase, tags, channel, created, actions. */
const COLUMNS = 7;

/** A creation date in a short, fixed-width form: 02/12/2025 (pt-BR), 12/02/2025 (en). */
function shortDate(value: string | null | undefined, lang: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(lang), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);
}

/**
 * The page of contacts: checkbox, the contact (avatar, name, phone · e-mail), phase, tags, channel,
 * created date, actions. It fits the content area from 1366 px wide; narrower, it scrolls sideways
 * with the actions pinned to the right.
 */
export function ContactsTable({
  items,
  loading,
  phases,
  tags,
  selected,
  onSelect,
  onOpen,
  onDelete,
}: {
  items: TContact[];
  loading: boolean;
  phases: Map<string, TContactPhase>;
  tags: Map<string, TContactTag>;
  selected: Set<string>;
  onSelect: (ids: string[], checked: boolean) => void;
  onOpen: (contact: TContact) => void;
  onDelete: (contact: TContact) => void;
}) {
  const { t, i18n } = useTranslation('contacts');
  const pageIds = items.map((c) => c._id);
  const chosen = pageIds.filter((id) => selected.has(id)).length;
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table
        verticalSpacing="xs"
        horizontalSpacing="sm"
        highlightOnHover
        className={classes.table}
        data-testid="contacts-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('table.selectPage')}
                checked={chosen > 0 && chosen === pageIds.length}
                indeterminate={chosen > 0 && chosen < pageIds.length}
                disabled={pageIds.length === 0}
                onChange={(event) => onSelect(pageIds, event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>{t('table.name')}</Table.Th>
            <Table.Th>{t('table.phase')}</Table.Th>
            <Table.Th className={classes.tags}>{t('table.tags')}</Table.Th>
            <Table.Th>{t('table.type')}</Table.Th>
            <Table.Th className={classes.nowrap}>{t('table.createdAt')}</Table.Th>
            <Table.Th w={80} className={stickyEndClass}>
              <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
                <Table.Tr key={i} data-testid="contact-skeleton">
                  {Array.from({ length: COLUMNS }, (__, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
                    <Table.Td key={j} className={j === COLUMNS - 1 ? stickyEndClass : undefined}>
                      <Skeleton height={14} radius="sm" width={j === 0 ? 16 : '80%'} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : items.map((contact) => (
                <Table.Tr
                  key={contact._id}
                  data-testid="contact-row"
                  bg={selected.has(contact._id) ? 'var(--mantine-color-brand-light)' : undefined}
                  data-selected={selected.has(contact._id) || undefined}
                >
                  <Table.Td>
                    <Checkbox
                      aria-label={t('table.select', { name: contact.name })}
                      checked={selected.has(contact._id)}
                      onChange={(event) => onSelect([contact._id], event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <ContactAvatar contact={contact} />
                      <div className={classes.identity}>
                        <Group gap={6} wrap="nowrap">
                          <Anchor
                            component="button"
                            type="button"
                            fz="sm"
                            fw={600}
                            c="dark"
                            onClick={() => onOpen(contact)}
                            ta="left"
                            title={contact.name}
                            className={classes.name}
                          >
                            {contact.name}
                          </Anchor>
                          {contact.blocked && (
                            <Tooltip label={t('fields.blocked')}>
                              <IconBan
                                size={16}
                                color="var(--mantine-color-red-8)"
                                role="img"
                                aria-label={t('fields.blocked')}
                                style={{ flexShrink: 0 }}
                              />
                            </Tooltip>
                          )}
                        </Group>
                        {(contact.phone || contact.email) && (
                          <Text
                            fz="xs"
                            c="dimmed"
                            className={classes.secondary}
                            title={[formatPhone(contact.phone), contact.email].filter(Boolean).join(' · ')}
                          >
                            {contact.phone && (
                              <span data-testid="contact-phone">{formatPhone(contact.phone)}</span>
                            )}
                            {contact.phone && contact.email && ' · '}
                            {contact.email && <span data-testid="contact-email">{contact.email}</span>}
                          </Text>
                        )}
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td className={classes.badges}>
                    <PhaseBadge phase={contact.phase ? phases.get(contact.phase) : undefined} />
                  </Table.Td>
                  <Table.Td>
                    <TagChips ids={contact.tags} tags={tags} max={1} wrap={false} />
                  </Table.Td>
                  <Table.Td className={classes.badges}>
                    <Badge variant="light" color="gray" tt="none" fw={500}>
                      {t(`types.${contact.type}`)}
                    </Badge>
                    {contact.optOut && (
                      <Badge variant="light" color="orange.9" tt="none" fw={500} ml={4}>
                        {t('fields.optOut')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text
                      fz="sm"
                      c="dimmed"
                      className={classes.nowrap}
                      title={formatDate(contact.createdAt, i18n.language, true)}
                    >
                      {shortDate(contact.createdAt, i18n.language)}
                    </Text>
                  </Table.Td>
                  <Table.Td className={stickyEndClass}>
                    <Group gap={2} wrap="nowrap" justify="flex-end">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('actions.editNamed', { name: contact.name })}
                        onClick={() => onOpen(contact)}
                      >
                        <IconPencil size={17} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('actions.deleteNamed', { name: contact.name })}
                        onClick={() => onDelete(contact)}
                      >
                        <IconTrash size={17} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
