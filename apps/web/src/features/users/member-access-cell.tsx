import { MultiSelect, Table, Text } from '@mantine/core';
import type { TMember } from '@atende/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { departmentsKey, useDepartments, useKeyEntities } from '../departments/departments-api';
import { membersKey, usersApi } from './users-api';

/**
 * A member's departments (`intentions`) or key entities (`entities`) on the team page: admins
 * change them in place (saved on each change); empty reads 'All'.
 */
export function MemberAccessCell({
  acc,
  member,
  field,
  editable,
}: {
  acc: string;
  member: TMember;
  field: 'intentions' | 'entities';
  editable: boolean;
}) {
  const { t } = useTranslation('team');
  const queryClient = useQueryClient();
  const departments = useDepartments(acc, field === 'intentions');
  const entities = useKeyEntities(acc, field === 'entities');
  const options =
    field === 'intentions'
      ? (departments.data ?? []).map((d) => ({ value: d._id, label: d.name }))
      : (entities.data ?? []).map((e) => ({ value: e._id, label: e.name }));
  const known = new Set(options.map((o) => o.value));
  const value = member[field].filter((id) => known.has(id));
  const save = useMutation({
    mutationFn: (ids: string[]) => usersApi.setAccess(acc, member.userId, { [field]: ids }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey(acc) }),
        queryClient.invalidateQueries({ queryKey: departmentsKey(acc) }),
      ]),
    onError: (err) =>
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
  });
  const all = field === 'intentions' ? t('allDepartments') : t('allEntities');
  const name = member.name || member.email;
  if (!editable)
    return (
      <Table.Td>
        <Text fz="sm" c={value.length ? undefined : 'dimmed'}>
          {value.length
            ? options
                .filter((o) => value.includes(o.value))
                .map((o) => o.label)
                .join(', ')
            : all}
        </Text>
      </Table.Td>
    );
  return (
    <Table.Td>
      <MultiSelect
        size="xs"
        w={200}
        data={options}
        value={value}
        placeholder={value.length ? undefined : all}
        disabled={save.isPending || options.length === 0}
        aria-label={field === 'intentions' ? t('departmentsOf', { name }) : t('entitiesOf', { name })}
        onChange={(ids) => save.mutate(ids)}
        data-testid={`member-${field}`}
      />
    </Table.Td>
  );
}
