import { useEffect, useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Textarea } from '@mantine/core';
import { CONVERSATION_LIMITS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useInbox } from '../inbox-context';
import { DROPDOWN_BELOW } from './close-dialog';
import { useDepartments } from '../../departments/departments-api';

/** Transfer to an operator (in attendance with them) or to a department (back to waiting), with a note. */
export function TransferDialog({
  opened,
  busy,
  currentAssignee,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  busy: boolean;
  currentAssignee: string | null;
  onClose: () => void;
  onConfirm: (body: { operatorId?: string; departmentId?: string; note?: string }) => void;
}) {
  const { t } = useTranslation('inbox');
  const { acc, data } = useInbox();
  const [target, setTarget] = useState<'operator' | 'department'>('operator');
  const [operator, setOperator] = useState<string | null>(null);
  const [department, setDepartment] = useState<string>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setTarget('operator');
    setOperator(null);
    setDepartment('');
    setNote('');
    setError(null);
  }, [opened]);

  const operators = data.operators
    .filter((o) => o.value && o.value !== currentAssignee)
    .map((o) => ({
      value: o.value,
      label: `${o.name} · ${o.operatorData?.online ? t('transfer.online') : t('transfer.offline')}`,
    }));
  // The account's departments (issue 13): managed records, picked by name, sent by id.
  const departments = (useDepartments(acc).data ?? []).map((d) => ({ value: d._id, label: d.name }));

  const submit = () => {
    const extra = note.trim() ? { note: note.trim() } : {};
    if (target === 'operator') {
      if (!operator) return setError(t('validation:selectRequired'));
      onConfirm({ operatorId: operator, ...extra });
    } else {
      if (!department.trim()) return setError(t('validation:selectRequired'));
      onConfirm({ departmentId: department.trim(), ...extra });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('transfer.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          value={target}
          onChange={(v) => {
            setTarget(v as 'operator' | 'department');
            setError(null);
          }}
          aria-label={t('transfer.to')}
          data={[
            { value: 'operator', label: t('transfer.operator') },
            { value: 'department', label: t('transfer.department') },
          ]}
        />
        {target === 'operator' ? (
          <Select
            label={t('transfer.operator')}
            placeholder={t('transfer.operatorPlaceholder')}
            required
            searchable
            nothingFoundMessage={t('transfer.noOperator')}
            // Nobody else to pick: said under the field, which stays closed (an empty list that opened
            // on focus took the first Escape without showing anything).
            disabled={operators.length === 0}
            description={operators.length === 0 ? t('transfer.noOperator') : undefined}
            data={operators}
            value={operator}
            error={error}
            onChange={(v) => {
              setOperator(v);
              setError(null);
            }}
            comboboxProps={DROPDOWN_BELOW}
          />
        ) : departments.length > 0 ? (
          <Select
            label={t('transfer.department')}
            placeholder={t('transfer.departmentPlaceholder')}
            required
            data={departments}
            value={department || null}
            error={error}
            onChange={(v) => {
              setDepartment(v ?? '');
              setError(null);
            }}
            comboboxProps={DROPDOWN_BELOW}
          />
        ) : (
          <Select
            label={t('transfer.department')}
            required
            disabled
            data={[]}
            value={null}
            description={t('departments:transferNone')}
            error={error}
          />
        )}
        <Textarea
          label={t('transfer.note')}
          autosize
          minRows={2}
          maxLength={CONVERSATION_LIMITS.noteMax}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button loading={busy} onClick={submit}>
            {t('transfer.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
