import { Badge, Button, Card, Code, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconVariable } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { KEY_ENTITY_LIMITS, type TKeyEntity } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { CardSkeleton } from '../../ui/card-skeleton';
import { ConfirmDelete } from '../../ui/confirm-modal';
import { EmptyNote } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { EditDeleteActions } from '../../ui/row-action';
import { SectionHeading } from '../../ui/section-heading';
import { useListEditor } from '../../ui/use-list-editor';
import { KeyEntityModal } from './key-entity-modal';
import { deleteKeyEntity, keyEntitiesKey, saveKeyEntity, useKeyEntities } from './departments-api';

/**
 * Settings → Key entities (admins): the `$alias` data the bot captures; the contacts' custom fields
 * use them as their definitions (the alias is the field's key).
 */
export function KeyEntitiesTab({ acc }: { acc: string }) {
  const { t } = useTranslation('departments');
  const queryClient = useQueryClient();
  const entities = useKeyEntities(acc);
  const refresh = () => queryClient.invalidateQueries({ queryKey: keyEntitiesKey(acc) });
  const editor = useListEditor<TKeyEntity>(refresh);

  if (entities.isPending) return <CardSkeleton />;
  if (entities.isError) return <LoadError error={entities.error} />;
  const items = entities.data;
  const { current } = editor;

  return (
    <Card padding="lg">
      <SectionHeading
        title={t('entities.title')}
        description={t('entities.description')}
        mb="md"
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={items.length >= KEY_ENTITY_LIMITS.max}
            onClick={() => editor.edit('new')}
          >
            {t('entities.add')}
          </Button>
        }
      />
      {items.length === 0 ? (
        <EmptyNote
          testId="entities-empty"
          icon={<IconVariable size={32} color="var(--mantine-color-gray-5)" aria-hidden />}
          title={t('entities.emptyTitle')}
          text={t('entities.empty')}
          maw={460}
        />
      ) : (
        <Stack gap={0}>
          {items.map((e) => (
            <Group
              key={e._id}
              justify="space-between"
              wrap="nowrap"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="entity-row"
            >
              <Group gap="sm">
                <Text fw={600} fz="sm">
                  {e.name}
                </Text>
                <Code>{e.alias}</Code>
                <Badge variant="light" color="gray" tt="none" fw={500}>
                  {t(`entities.types.${e.type}`)}
                </Badge>
                {e.validation && (
                  <Text fz="xs" c="dimmed">
                    {t('entities.pattern', { pattern: e.validation })}
                  </Text>
                )}
              </Group>
              <EditDeleteActions
                edit={t('edit')}
                editLabel={t('editNamed', { name: e.name })}
                remove={t('delete')}
                removeLabel={t('deleteNamed', { name: e.name })}
                onEdit={() => editor.edit(e)}
                onRemove={() => editor.askDelete(e)}
              />
            </Group>
          ))}
        </Stack>
      )}
      <KeyEntityModal
        opened={editor.opened}
        entity={current}
        others={items.filter((e) => e._id !== current?._id)}
        onClose={editor.close}
        onSave={async (body) => {
          await saveKeyEntity(acc, current?._id ?? null, body);
          await editor.saved((t) =>
            current ? t('departments:entities.saved') : t('departments:entities.added', { name: body.name }),
          );
        }}
      />
      <ConfirmDelete
        item={editor.deleting}
        title={t('entities.deleteTitle')}
        message={t('entities.deleteConfirm', { name: editor.deleting?.name })}
        confirm={t('delete')}
        onClose={editor.closeDelete}
        remove={async (e) => {
          await deleteKeyEntity(acc, e._id);
          return (t) => t('departments:entities.deleted');
        }}
        onDeleted={refresh}
      />
    </Card>
  );
}
