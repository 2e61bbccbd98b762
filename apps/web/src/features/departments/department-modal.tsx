import { MultiSelect, NumberInput, Switch, Textarea } from '@mantine/core';
import { DEPARTMENT_LIMITS, type TDepartment, type TDepartmentBody, ZDepartmentBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { RecordFormModal, useRecordForm } from '../../ui/record-form-modal';

type TValues = {
  name: string;
  description: string;
  distribution: boolean;
  /** '' = the account's capacity. */
  capacity: number | '';
  members: string[];
};

const toBody = (v: TValues): TDepartmentBody => ({
  name: v.name.trim(),
  description: v.description.trim(),
  distribution: v.distribution,
  capacity: v.capacity === '' ? null : v.capacity,
  members: v.members,
});

/** Add or edit a department: name (unique), description, members, distribution and its capacity. */
export function DepartmentModal({
  opened,
  department,
  others,
  members,
  onClose,
  onSave,
}: {
  opened: boolean;
  department: TDepartment | null;
  others: TDepartment[];
  members: Array<{ value: string; label: string }>;
  onClose: () => void;
  onSave: (body: TDepartmentBody) => Promise<unknown>;
}) {
  const { t } = useTranslation('departments');
  const { form, modal } = useRecordForm({
    opened,
    record: department,
    others,
    t,
    schema: ZDepartmentBody,
    toBody,
    nameTaken: 'DEPARTMENT_NAME_IN_USE',
    valuesOf: (d): TValues => ({
      name: d?.name ?? '',
      description: d?.description ?? '',
      distribution: d?.distribution ?? true,
      capacity: d?.capacity ?? '',
      members: d?.members ?? [],
    }),
    texts: {
      addTitle: t('addTitle'),
      editTitle: t('editTitle'),
      add: t('add'),
      name: t('fields.name'),
      namePlaceholder: t('fields.namePlaceholder'),
    },
    nameMaxLength: DEPARTMENT_LIMITS.nameMax,
    onClose,
    onSubmit: (values) => onSave(toBody(values)),
  });

  return (
    <RecordFormModal {...modal}>
      <Textarea
        label={t('fields.description')}
        autosize
        minRows={2}
        maxLength={DEPARTMENT_LIMITS.descriptionMax}
        {...form.getInputProps('description')}
      />
      <MultiSelect
        label={t('fields.members')}
        description={t('fields.membersHelp')}
        placeholder={form.values.members.length ? undefined : t('fields.membersPlaceholder')}
        data={members}
        searchable
        clearable
        nothingFoundMessage={t('fields.noMember')}
        {...form.getInputProps('members')}
      />
      <Switch
        label={t('fields.distribution')}
        description={t('fields.distributionHelp')}
        {...form.getInputProps('distribution', { type: 'checkbox' })}
      />
      <NumberInput
        label={t('fields.capacity')}
        description={t('fields.capacityHelp')}
        placeholder={t('fields.capacityPlaceholder')}
        min={1}
        max={DEPARTMENT_LIMITS.capacityMax}
        allowDecimal={false}
        disabled={!form.values.distribution}
        {...form.getInputProps('capacity')}
      />
    </RecordFormModal>
  );
}
