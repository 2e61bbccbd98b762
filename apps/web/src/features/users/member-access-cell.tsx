import { useRef, useState } from 'react';
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
 * change them in place (saved when the list closes, or when a chip is removed); empty reads 'All'.
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
  const name = member.name || member.email;
  // Picks made while the list is open are saved together when it closes (each one used to save
  // and lock the field, so a second pick in a row was lost); a chip removed with the list closed
  // saves at once.
  const [draft, setDraftState] = useState<string[] | null>(null);
  const picked = useRef<string[] | null>(null);
  const setDraft = (ids: string[] | null) => {
    picked.current = ids;
    setDraftState(ids);
  };
  const open = useRef(false);
  const save = useMutation({
    mutationFn: (ids: string[]) => usersApi.setAccess(acc, member.userId, { [field]: ids }),
    onSuccess: () => {
      notify({
        color: 'green',
        message: (t) => t(field === 'intentions' ? 'team:departmentsSaved' : 'team:entitiesSaved', { name }),
      });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey(acc) }),
        queryClient.invalidateQueries({ queryKey: departmentsKey(acc) }),
      ]);
    },
    onError: (err) =>
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
    onSettled: () => setDraft(null),
  });
  const commit = (ids: string[]) => {
    const same = ids.length === value.length && ids.every((id) => value.includes(id));
    if (same) setDraft(null);
    else save.mutate(ids);
  };
  const all = field === 'intentions' ? t('allDepartments') : t('allEntities');
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
        value={draft ?? value}
        placeholder={(draft ?? value).length ? undefined : all}
        disabled={options.length === 0}
        aria-label={field === 'intentions' ? t('departmentsOf', { name }) : t('entitiesOf', { name })}
        onDropdownOpen={() => {
          open.current = true;
        }}
        onDropdownClose={() => {
          open.current = false;
          if (picked.current) commit(picked.current);
        }}
        onChange={(ids) => {
          setDraft(ids);
          if (!open.current) commit(ids);
        }}
        data-testid={`member-${field}`}
      />
    </Table.Td>
  );
}
