import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { DEPARTMENT_LIMITS, type TDepartment } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { CardSkeleton } from '../../ui/card-skeleton';
import { ConfirmDelete } from '../../ui/confirm-modal';
import { EmptyNote } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { EditDeleteActions } from '../../ui/row-action';
import { SectionHeading } from '../../ui/section-heading';
import { useListEditor } from '../../ui/use-list-editor';
import { membersKey, useMembers } from '../users/users-api';
import { DepartmentModal } from './department-modal';
import { deleteDepartment, departmentsKey, saveDepartment, useDepartments } from './departments-api';

/** Settings → Departments (admins): the teams conversations are routed to, their members and distribution. */
export function DepartmentsTab({ acc }: { acc: string }) {
  const { t } = useTranslation('departments');
  const queryClient = useQueryClient();
  const departments = useDepartments(acc);
  const members = useMembers(acc);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: departmentsKey(acc) }),
      queryClient.invalidateQueries({ queryKey: membersKey(acc) }),
    ]);
  const editor = useListEditor<TDepartment>(refresh);

  if (departments.isPending) return <CardSkeleton />;
  if (departments.isError) return <LoadError error={departments.error} />;
  const items = departments.data;
  const people = (members.data?.items ?? []).map((m) => ({ value: m.userId, label: m.name || m.email }));
  const nameOf = new Map(people.map((p) => [p.value, p.label]));
  const full = items.length >= DEPARTMENT_LIMITS.max;
  const { current } = editor;

  return (
    <Card padding="lg">
      <SectionHeading
        title={t('title')}
        description={t('description')}
        mb="md"
        actions={
          <Button leftSection={<IconPlus size={16} />} disabled={full} onClick={() => editor.edit('new')}>
            {t('add')}
          </Button>
        }
      />
      {items.length === 0 ? (
        <EmptyNote
          testId="departments-empty"
          icon={<IconBuildingStore size={32} color="var(--mantine-color-gray-5)" aria-hidden />}
          title={t('emptyTitle')}
          text={t('empty')}
          maw={460}
        />
      ) : (
        <Stack gap={0}>
          {items.map((d) => (
            <Group
              key={d._id}
              justify="space-between"
              wrap="nowrap"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="department-row"
            >
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600} fz="sm">
                    {d.name}
                  </Text>
                  <Badge variant="light" color={d.distribution ? 'teal' : 'gray'} tt="none" fw={500}>
                    {d.distribution
                      ? d.capacity
                        ? t('distributedCapacity', { count: d.capacity })
                        : t('distributed')
                      : t('manual')}
                  </Badge>
                </Group>
                {d.description && (
                  <Text fz="xs" c="dimmed">
                    {d.description}
                  </Text>
                )}
                <Text fz="xs" c="dimmed">
                  {d.members.length
                    ? t('membersList', {
                        count: d.members.length,
                        names: d.members
                          .map((id) => nameOf.get(id))
                          .filter(Boolean)
                          .join(', '),
                      })
                    : t('noMembers')}
                </Text>
              </Stack>
              <EditDeleteActions
                edit={t('edit')}
                editLabel={t('editNamed', { name: d.name })}
                remove={t('delete')}
                removeLabel={t('deleteNamed', { name: d.name })}
                onEdit={() => editor.edit(d)}
                onRemove={() => editor.askDelete(d)}
              />
            </Group>
          ))}
        </Stack>
      )}
      <DepartmentModal
        opened={editor.opened}
        department={current}
        others={items.filter((d) => d._id !== current?._id)}
        members={people}
        onClose={editor.close}
        onSave={async (body) => {
          await saveDepartment(acc, current?._id ?? null, body);
          await editor.saved((t) =>
            current ? t('departments:saved') : t('departments:added', { name: body.name }),
          );
        }}
      />
      <ConfirmDelete
        item={editor.deleting}
        title={t('deleteTitle')}
        message={t('deleteConfirm', { name: editor.deleting?.name })}
        confirm={t('delete')}
        onClose={editor.closeDelete}
        remove={async (d) => {
          await deleteDepartment(acc, d._id);
          return (t) => t('departments:deleted');
        }}
        onDeleted={refresh}
      />
    </Card>
  );
}
