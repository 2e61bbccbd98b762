import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  ColorInput,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TContactPhase } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { phaseLabel } from '../contacts/contact-format';
import { contactsKey, phasesKey } from '../contacts/contacts-api';

const NONE = '__none__';
const SWATCHES = ['#6c757d', '#1971c2', '#0c8599', '#2f9e44', '#e8590c', '#c92a2a', '#9c36b5', '#f08c00'];

/**
 * The leads board's phases (admins): add, rename, recolour, move up or down, and delete with where
 * its contacts go (another phase or none).
 */
export function PhasesManager({
  acc,
  opened,
  phases,
  onClose,
}: {
  acc: string;
  opened: boolean;
  phases: TContactPhase[];
  onClose: () => void;
}) {
  const { t } = useTranslation('departments');
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Record<string, { name: string; color: string }>>({});
  const [adding, setAdding] = useState({ name: '', color: SWATCHES[1] });
  const [deleting, setDeleting] = useState<TContactPhase | null>(null);
  const [moveTo, setMoveTo] = useState<string>(NONE);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setDrafts(Object.fromEntries(phases.map((p) => [p._id, { name: phaseLabel(t, p), color: p.color }])));
      setFailure(null);
    }
  }, [opened, phases, t]);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: phasesKey(acc) }),
      queryClient.invalidateQueries({ queryKey: contactsKey(acc) }),
    ]);
  const run = useMutation({
    mutationFn: async (action: () => Promise<unknown>) => action(),
    onMutate: () => setFailure(null),
    onSuccess: () => refresh(),
    onError: (err) => setFailure(errorText(t, err)),
  });
  const query = { query: { acc } };
  const save = (p: TContactPhase) =>
    run.mutate(async () => {
      await api.put(`/p/chat/inbox/phases/${p._id}`, drafts[p._id], query);
      notify({ color: 'green', message: (t) => t('departments:phases.saved') });
    });
  const move = (index: number, by: -1 | 1) => {
    const ids = phases.map((p) => p._id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id);
    run.mutate(() => api.put('/p/chat/inbox/phases/order', { ids }, query));
  };
  const add = () =>
    run.mutate(async () => {
      await api.post('/p/chat/inbox/phases', { name: adding.name.trim(), color: adding.color }, query);
      setAdding({ name: '', color: SWATCHES[1] });
    });
  const remove = () =>
    deleting &&
    run.mutate(async () => {
      await api.delete(`/p/chat/inbox/phases/${deleting._id}`, undefined, {
        query: { acc, ...(moveTo === NONE ? {} : { moveTo }) },
      });
      setDeleting(null);
      notify({ color: 'green', message: (t) => t('departments:phases.deleted') });
    });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('phases.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t('phases.description')}
        </Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {phases.map((p, index) => {
          const draft = drafts[p._id] ?? { name: phaseLabel(t, p), color: p.color };
          const changed = draft.name.trim() !== phaseLabel(t, p) || draft.color !== p.color;
          return (
            <Group key={p._id} gap="xs" wrap="nowrap" data-testid="phase-row">
              <ColorInput
                w={130}
                size="xs"
                swatches={SWATCHES}
                aria-label={t('phases.colorOf', { name: p.name })}
                value={draft.color}
                onChange={(color) => setDrafts({ ...drafts, [p._id]: { ...draft, color } })}
              />
              <TextInput
                size="xs"
                style={{ flex: 1 }}
                maxLength={60}
                aria-label={t('phases.nameOf', { name: p.name })}
                value={draft.name}
                onChange={(e) => setDrafts({ ...drafts, [p._id]: { ...draft, name: e.currentTarget.value } })}
              />
              <Button size="compact-xs" disabled={!changed || !draft.name.trim()} onClick={() => save(p)}>
                {t('common:save')}
              </Button>
              <Tooltip label={t('phases.up')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('phases.upNamed', { name: p.name })}
                  disabled={index === 0 || run.isPending}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('phases.down')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('phases.downNamed', { name: p.name })}
                  disabled={index === phases.length - 1 || run.isPending}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('delete')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('deleteNamed', { name: p.name })}
                  onClick={() => {
                    setDeleting(p);
                    setMoveTo(NONE);
                  }}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          );
        })}
        {deleting && (
          <Alert
            color="orange"
            variant="light"
            title={t('phases.deleteTitle', { name: phaseLabel(t, deleting) })}
          >
            <Stack gap="xs">
              <Select
                label={t('phases.moveTo')}
                allowDeselect={false}
                value={moveTo}
                onChange={(v) => setMoveTo(v ?? NONE)}
                data={[
                  { value: NONE, label: t('phases.noPhase') },
                  ...phases
                    .filter((p) => p._id !== deleting._id)
                    .map((p) => ({ value: p._id, label: phaseLabel(t, p) })),
                ]}
              />
              <Group justify="flex-end" gap="xs">
                <Button variant="default" size="xs" onClick={() => setDeleting(null)}>
                  {t('common:cancel')}
                </Button>
                <Button color="red.8" size="xs" loading={run.isPending} onClick={remove}>
                  {t('phases.deleteConfirm')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <Group gap="xs" wrap="nowrap" align="flex-end" mt="sm">
          <ColorInput
            w={130}
            size="xs"
            swatches={SWATCHES}
            label={t('phases.color')}
            value={adding.color}
            onChange={(color) => setAdding({ ...adding, color })}
          />
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            maxLength={60}
            label={t('phases.newName')}
            value={adding.name}
            onChange={(e) => setAdding({ ...adding, name: e.currentTarget.value })}
          />
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={!adding.name.trim()}
            loading={run.isPending}
            onClick={add}
          >
            {t('phases.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
