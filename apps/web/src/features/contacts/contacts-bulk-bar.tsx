import { useRef, useState } from 'react';
import { Button, Group, Modal, MultiSelect, Paper, Select, Stack, Text } from '@mantine/core';
import { IconTag, IconTagOff, IconTimeline, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TContactPhase, TContactTag } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useKeptWhileClosing } from '../../ui/use-kept-while-closing';
import { phaseLabel } from './contact-format';
import { contactsApi, contactsKey } from './contacts-api';

type TMode = 'add' | 'remove' | 'phase';
const NO_PHASE = 'none';

/** Actions on the selected contacts: add or remove tags, change the phase (each confirmed first). */
export function ContactsBulkBar({
  acc,
  ids,
  phases,
  tags,
  onClear,
}: {
  acc: string;
  ids: string[];
  phases: TContactPhase[];
  tags: TContactTag[];
  onClear: () => void;
}) {
  const { t } = useTranslation('contacts');
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<TMode | null>(null);
  // Closing clears the mode: the dialog stays the same (title, field) while it fades out, and the
  // selection (which holds the bar and its dialog) is cleared once it is gone.
  const shownMode = useKeptWhileClosing(mode);
  const applied = useRef(false);
  const [chosenTags, setChosenTags] = useState<string[]>([]);
  const [phase, setPhase] = useState<string | null>(null);
  const open = (next: TMode) => {
    setChosenTags([]);
    setPhase(null);
    setMode(next);
  };
  const apply = useMutation({
    mutationFn: () => {
      if (mode === 'phase') return contactsApi.bulkPhase(acc, ids, phase === NO_PHASE ? null : phase);
      return contactsApi.bulkTags(
        acc,
        ids,
        mode === 'add' ? chosenTags : [],
        mode === 'remove' ? chosenTags : [],
      );
    },
    onSuccess: ({ updated }) => {
      notify({ color: 'green', message: (t) => t('contacts:bulk.done', { count: updated }) });
      applied.current = true;
      setMode(null);
      void queryClient.invalidateQueries({ queryKey: contactsKey(acc) });
    },
    onError: (err) =>
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
  });
  const ready = shownMode === 'phase' ? phase !== null : chosenTags.length > 0;
  const count = ids.length;
  return (
    <>
      <Paper withBorder p="xs" px="md" bg="var(--mantine-color-brand-light)" data-testid="bulk-bar">
        <Group justify="space-between" gap="sm">
          <Text fz="sm" fw={600} role="status">
            {t('bulk.selected', { count })}
          </Text>
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconTag size={14} />}
              onClick={() => open('add')}
            >
              {t('bulk.addTags')}
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconTagOff size={14} />}
              onClick={() => open('remove')}
            >
              {t('bulk.removeTags')}
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconTimeline size={14} />}
              onClick={() => open('phase')}
            >
              {t('bulk.changePhase')}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              leftSection={<IconX size={14} />}
              onClick={onClear}
            >
              {t('bulk.clear')}
            </Button>
          </Group>
        </Group>
      </Paper>
      <Modal
        opened={mode !== null}
        onClose={() => setMode(null)}
        onExitTransitionEnd={() => {
          if (!applied.current) return;
          applied.current = false;
          onClear();
        }}
        title={shownMode ? t(`bulk.${shownMode}Title`) : ''}
        centered
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack>
          {shownMode === 'phase' ? (
            <Select
              label={t('fields.phase')}
              data={[
                { value: NO_PHASE, label: t('filters.noPhase') },
                ...phases.map((p) => ({ value: p._id, label: phaseLabel(t, p) })),
              ]}
              value={phase}
              onChange={setPhase}
              data-autofocus
            />
          ) : (
            <MultiSelect
              label={t('fields.tags')}
              data={tags.map((tag) => ({ value: tag._id, label: tag.name }))}
              value={chosenTags}
              onChange={setChosenTags}
              searchable
              nothingFoundMessage={t('common:nothingFound')}
              data-autofocus
            />
          )}
          {ready && shownMode && (
            <Text fz="sm" data-testid="bulk-confirm-text">
              {t(`bulk.${shownMode}Confirm`, { count, tags: chosenTags.length })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setMode(null)}>
              {t('common:cancel')}
            </Button>
            <Button disabled={!ready} loading={apply.isPending} onClick={() => apply.mutate()}>
              {t('bulk.apply')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
