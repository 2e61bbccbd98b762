import {
  Avatar,
  Badge,
  Button,
  Divider,
  Group,
  Menu,
  MultiSelect,
  Select,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconMail, IconPencil, IconPhone, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChannelKind, TConversation } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/i18n';
import { notify } from '../../../app/notify';
import { initials } from '../../../app/shell/user-menu';
import { contactKey, contactsApi, useContact, usePhases, useTags } from '../../contacts/contacts-api';
import { phaseLabel } from '../../contacts/contact-format';
import { formatPhone } from '../../../app/format';
import { formatDate } from '../../../app/format';
import { useContactHistory, openTranscript, type TTranscriptFormat } from '../data/inbox-api';
import { ChannelIcon, useInbox } from '../inbox-context';
import { avatarColor } from '../data/inbox-format';
import { closeReasonText } from '../data/close-reason';
import { ContactEditModal } from './contact-edit-modal';
import { KeyEntitiesPanel } from '../../departments/key-entities-panel';
import { SuperlogicaInvoicesSection } from '../../app-store/superlogica-invoices-section';

/** The right column: who the customer is, their phase and tags, earlier conversations, the transcript. */
export function ContactPanel({
  conversation: c,
  onOpenConversation,
}: {
  conversation: TConversation;
  onOpenConversation: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('inbox');
  const { acc } = useInbox();
  const queryClient = useQueryClient();
  const contactId = c.contact._id;
  const contact = useContact(acc, contactId);
  const phases = usePhases(acc);
  const tags = useTags(acc);
  const history = useContactHistory(acc, contactId);
  const others = (history.data ?? []).filter((h) => h._id !== c._id);
  const [editing, setEditing] = useState(false);
  const update = useMutation({
    mutationFn: (data: Record<string, unknown>) => contactsApi.update(acc, contactId, data),
    onSuccess: (next) => {
      queryClient.setQueryData(contactKey(acc, contactId), next);
      notify({ color: 'green', message: (t) => t('inbox:contact.saved') });
    },
    onError: (error) =>
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, error) }),
  });

  const name = c.contact.name || c.contact.phone || t('unknownContact');
  const channelName = (kind: TChannelKind | null) =>
    kind ? t(`channels.${kind === 'whatsapp-cloud' ? 'whatsapp' : kind}`) : '';
  const transcript = (format: TTranscriptFormat) =>
    openTranscript(acc, c._id, format).catch((error) =>
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, error) }),
    );

  return (
    <Stack gap="md" p="md" component="aside" aria-label={t('contact.title')}>
      <Stack align="center" gap={6}>
        <Avatar
          size={64}
          radius="xl"
          variant="filled"
          color={avatarColor(name)}
          src={c.contact.profilePic || undefined}
          alt=""
        >
          {initials(name)}
        </Avatar>
        <Text fw={700} ta="center" data-testid="contact-name">
          {name}
        </Text>
        <Group gap={4}>
          <ChannelIcon kind={c.channelKind} />
          <Text fz="xs" c="dimmed">
            {channelName(c.channelKind)}
          </Text>
        </Group>
      </Stack>
      <Stack gap={6}>
        <Group gap={8} wrap="nowrap">
          <IconPhone size={16} aria-label={t('contact.phone')} role="img" />
          <Text fz="sm">{c.contact.phone ? formatPhone(c.contact.phone) : t('contact.none')}</Text>
        </Group>
        <Group gap={8} wrap="nowrap">
          <IconMail size={16} aria-label={t('contact.email')} role="img" />
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {c.contact.email || t('contact.none')}
          </Text>
        </Group>
      </Stack>
      {contact.isPending ? (
        <Skeleton h={90} />
      ) : contact.data ? (
        <Stack gap="xs">
          <Select
            label={t('contact.phase')}
            placeholder={t('contact.phasePlaceholder')}
            size="xs"
            data={(phases.data ?? []).map((p) => ({ value: p._id, label: phaseLabel(t, p) }))}
            value={contact.data.phase}
            onChange={(phase) => update.mutate({ phase })}
            disabled={update.isPending}
          />
          <MultiSelect
            label={t('contact.tags')}
            placeholder={contact.data.tags.length ? undefined : t('contact.tagsPlaceholder')}
            size="xs"
            searchable
            data={(tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }))}
            value={contact.data.tags}
            onChange={(ids) => update.mutate({ tags: ids })}
            disabled={update.isPending}
          />
          <KeyEntitiesPanel acc={acc} values={contact.data.customFields} contact={contact.data} />
        </Stack>
      ) : null}
      <Group gap="xs">
        {contact.data && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing(true)}
          >
            {t('contact.edit')}
          </Button>
        )}
        <Menu position="bottom-end">
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPrinter size={14} />}
              rightSection={<IconChevronDown size={12} />}
            >
              {t('contact.transcript')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => void transcript('html')}>{t('contact.transcriptPrint')}</Menu.Item>
            <Menu.Item onClick={() => void transcript('csv')}>{t('contact.transcriptCsv')}</Menu.Item>
            <Menu.Item onClick={() => void transcript('txt')}>{t('contact.transcriptTxt')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Divider />
      <div>
        <Text fz="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
          {t('contact.history')}
        </Text>
        {history.isPending ? (
          <Skeleton h={40} />
        ) : history.isError ? (
          <Text fz="sm" c="red">
            {errorText(t, history.error)}
          </Text>
        ) : others.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('contact.noHistory')}
          </Text>
        ) : (
          <Stack
            gap={4}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t('contact.history')}
          >
            {others.map((h) => (
              <li key={h._id}>
                <UnstyledButton
                  onClick={() => onOpenConversation(h._id)}
                  p={6}
                  w="100%"
                  style={{ borderRadius: 6 }}
                >
                  <Group gap={6} justify="space-between" wrap="nowrap">
                    <Text fz="sm" fw={600}>
                      {formatDate(h.closedAt ?? h.lastMessageAt, i18n.language, true)}
                    </Text>
                    <ChannelIcon kind={h.channelKind} label={channelName(h.channelKind)} />
                  </Group>
                  <Group gap={6} wrap="nowrap">
                    {h.stage !== 'closed' && (
                      <Badge
                        size="xs"
                        variant="light"
                        color={h.stage === 'waiting' ? 'orange' : 'teal'}
                        style={{ flexShrink: 0 }}
                      >
                        {t(`stages.${h.stage}`)}
                      </Badge>
                    )}
                    <Text fz="xs" c="dimmed" lineClamp={1}>
                      {[closeReasonText(t, h.closeReason), h.closeSubReason].filter(Boolean).join(' / ') ||
                        h.lastMessagePreview}
                    </Text>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </div>
      <SuperlogicaInvoicesSection acc={acc} contactId={contactId} />
      {contact.data && (
        <ContactEditModal
          opened={editing}
          conversation={c}
          contact={contact.data}
          onClose={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}
