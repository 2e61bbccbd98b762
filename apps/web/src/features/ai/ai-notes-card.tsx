import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type TKnowledgeNote, ZKnowledgeNoteBody } from '@atende/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText, validationText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { ConfirmDelete } from '../../ui/confirm-modal';
import { LoadError } from '../../ui/load-error';
import { RowAction } from '../../ui/row-action';
import { FormCard } from '../../ui/section-heading';
import { addAiNote, aiNotesKey, removeAiNote, useAiNotes } from './ai-api';

/** The account's knowledge notes (p/ai/knowledge): short facts the AI and the built-in search answer from. */
export function AiNotesCard({ acc }: { acc: string }) {
  const { t } = useTranslation('settings');
  const client = useQueryClient();
  const notes = useAiNotes(acc);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<{ title?: string; body?: string }>({});
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<TKnowledgeNote | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: aiNotesKey(acc) });

  const add = async () => {
    const parsed = ZKnowledgeNoteBody.safeParse({ title, body });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        found[String(issue.path[0])] = validationText(t, issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await addAiNote(acc, parsed.data);
      setTitle('');
      setBody('');
      notify({ color: 'green', message: (t) => t('settings:ai.notes.added') });
      await refresh();
    } catch (err) {
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormCard title={t('ai.notes.title')} description={t('ai.notes.description')}>
      <Stack gap="md">
        {notes.isError && <LoadError error={notes.error} />}
        {notes.data?.items.length === 0 && (
          <Text fz="sm" c="dimmed">
            {t('ai.notes.empty')}
          </Text>
        )}
        {notes.data?.items.map((note) => (
          <Paper key={note._id} withBorder p="sm" radius="md" data-testid="ai-note">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Text fw={600} fz="sm">
                  {note.title}
                </Text>
                <Text fz="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
                  {note.body}
                </Text>
              </Stack>
              <RowAction
                tooltip={t('ai.notes.delete')}
                label={t('ai.notes.deleteNamed', { title: note.title })}
                color="red"
                onClick={() => setDeleting(note)}
              >
                <IconTrash size={16} />
              </RowAction>
            </Group>
          </Paper>
        ))}
        <TextInput
          label={t('ai.notes.noteTitle')}
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
        <Textarea
          label={t('ai.notes.noteBody')}
          value={body}
          error={errors.body}
          autosize
          minRows={2}
          maxRows={8}
          onChange={(e) => setBody(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconPlus size={16} />} loading={saving} onClick={add}>
            {t('ai.notes.add')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDelete
        item={deleting}
        title={t('ai.notes.deleteTitle')}
        message={t('ai.notes.deleteConfirm', { title: deleting?.title })}
        confirm={t('ai.notes.delete')}
        onClose={() => setDeleting(null)}
        remove={async (note) => {
          await removeAiNote(acc, note._id);
          return (t) => t('settings:ai.notes.deleted');
        }}
        onDeleted={refresh}
      />
    </FormCard>
  );
}
