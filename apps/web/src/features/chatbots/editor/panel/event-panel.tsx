import { Button, NumberInput, Select, Stack, Switch, TagsInput, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { CHATBOT_LIMITS, type TFlowDocument, type TFlowEvent } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { groupTitle } from '../block-text';
import { connect, removeItems, updateEvent } from '../flow-edit';
import type { TSelection } from '../use-flow-state';

const below = { position: 'bottom' as const, middlewares: { flip: false, shift: false } };

/** An event: when it fires (keywords, first contact, idle minutes) and which group it starts. */
export function EventPanel({
  event,
  doc,
  edit,
  select,
}: {
  event: TFlowEvent;
  doc: TFlowDocument;
  edit: (fn: (doc: TFlowDocument) => TFlowDocument, key?: string) => void;
  select: (s: TSelection) => void;
}) {
  const { t } = useTranslation('chatbots');
  const set = (next: TFlowEvent, key?: string) =>
    edit((d) => updateEvent(d, next), key && `event:${event.id}:${key}`);
  const edge = doc.edges.find((e) => 'eventId' in e.from && e.from.eventId === event.id);
  const target = edge && 'groupId' in edge.to ? edge.to.groupId : null;
  return (
    <Stack gap="md" data-testid="event-panel">
      <Text fw={650}>{t(`events.${event.kind}`)}</Text>
      <Text fz="sm" c="dimmed">
        {t(`events.help.${event.kind}`)}
      </Text>
      {event.kind !== 'idle' && (
        <TagsInput
          label={t('panel.keywords')}
          description={event.kind === 'start' ? t('panel.startKeywordsHelp') : t('panel.keywordsHelp')}
          value={event.config.keywords}
          onChange={(keywords) =>
            set({ ...event, config: { ...event.config, keywords: keywords.slice(0, 20) } } as TFlowEvent)
          }
          maxTags={20}
          clearable
        />
      )}
      {event.kind === 'start' && (
        <Switch
          label={t('panel.firstContactOnly')}
          checked={event.config.firstContactOnly}
          onChange={(e) =>
            set({ ...event, config: { ...event.config, firstContactOnly: e.currentTarget.checked } })
          }
        />
      )}
      {event.kind === 'idle' && (
        <NumberInput
          label={t('panel.idleMinutes')}
          min={1}
          max={CHATBOT_LIMITS.timeoutMinutesMax}
          value={event.config.minutes}
          onChange={(v) =>
            set({ ...event, config: { minutes: Math.max(1, typeof v === 'number' ? v : 1) } }, 'minutes')
          }
        />
      )}
      <Select
        label={t('panel.startsGroup')}
        placeholder={t('panel.chooseGroup')}
        data={doc.groups.map((g) => ({ value: g.id, label: groupTitle(t, doc, g.id) }))}
        value={target}
        onChange={(groupId) =>
          edit((d) =>
            groupId
              ? connect(d, { eventId: event.id }, { groupId })
              : { ...d, edges: d.edges.filter((e) => !('eventId' in e.from && e.from.eventId === event.id)) },
          )
        }
        clearable
        comboboxProps={below}
      />
      {event.kind !== 'start' && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => {
            edit((d) => removeItems(d, { events: [event.id] }));
            select(null);
          }}
        >
          {t('panel.deleteEvent')}
        </Button>
      )}
    </Stack>
  );
}
