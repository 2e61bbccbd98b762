import { Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAcc } from '../../../../app/session';
import { usePhases, useTags } from '../../../contacts/contacts-api';
import { useInboxData } from '../../../inbox/data/inbox-api';
import { useClosingReasons } from '../../../settings/settings-api';
import { useDepartments } from '../../../departments/departments-api';
import { TextWithVariables } from './fields';
import type { TFormOf } from './form-types';

const below = { position: 'bottom' as const, middlewares: { flip: false, shift: false } };

export function TransferForm({ block, set, doc }: TFormOf<'transfer'>) {
  const { t } = useTranslation('chatbots');
  const acc = useAcc();
  const inbox = useInboxData(acc);
  const operators = (inbox.data?.operators ?? []).filter((o) => o.operatorData);
  const departments = useDepartments(acc);
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        {t('panel.transferHelp')}
      </Text>
      <Select
        label={t('panel.department')}
        placeholder={t('panel.anyDepartment')}
        data={(departments.data ?? []).map((d) => ({ value: d._id, label: d.name }))}
        value={block.departmentId ?? null}
        onChange={(departmentId) => set({ departmentId })}
        clearable
        searchable
        nothingFoundMessage={t('panel.noDepartments')}
        comboboxProps={below}
      />
      <Select
        label={t('panel.operator')}
        placeholder={t('panel.anyOperator')}
        data={operators.map((o) => ({ value: o.operatorData!._id, label: o.name }))}
        value={block.operatorId ?? null}
        onChange={(operatorId) => set({ operatorId })}
        clearable
        searchable
        comboboxProps={below}
      />
      <TextWithVariables
        label={t('panel.transferMessage')}
        value={block.message ?? ''}
        onChange={(message) => set({ message: message || null }, 'message')}
        doc={doc}
        placeholder={t('panel.transferMessagePlaceholder')}
        minRows={2}
      />
    </Stack>
  );
}

export function AddTagForm({ block, set, errors }: TFormOf<'add_tag'>) {
  const { t } = useTranslation('chatbots');
  const tags = useTags(useAcc());
  return (
    <Select
      label={t('panel.tag')}
      placeholder={t('panel.chooseTag')}
      data={(tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }))}
      value={block.tagId || null}
      onChange={(tagId) => set({ tagId: tagId ?? '' })}
      error={errors.tagId}
      searchable
      comboboxProps={below}
    />
  );
}

export function SetPhaseForm({ block, set, errors }: TFormOf<'set_phase'>) {
  const { t } = useTranslation('chatbots');
  const phases = usePhases(useAcc());
  return (
    <Select
      label={t('panel.phase')}
      placeholder={t('panel.choosePhase')}
      data={(phases.data ?? []).map((p) => ({ value: p._id, label: p.name }))}
      value={block.phaseId || null}
      onChange={(phaseId) => set({ phaseId: phaseId ?? '' })}
      error={errors.phaseId}
      comboboxProps={below}
    />
  );
}

export function CloseForm({ block, set, doc }: TFormOf<'close'>) {
  const { t } = useTranslation('chatbots');
  const reasons = useClosingReasons(useAcc());
  return (
    <Stack gap="sm">
      <Select
        label={t('panel.closeReason')}
        placeholder={t('panel.defaultReason')}
        data={(reasons.data ?? []).map((r) => r.name)}
        value={block.reason ?? null}
        onChange={(reason) => set({ reason })}
        clearable
        comboboxProps={below}
      />
      <TextWithVariables
        label={t('panel.closeMessage')}
        value={block.message ?? ''}
        onChange={(message) => set({ message: message || null }, 'message')}
        doc={doc}
        minRows={2}
      />
    </Stack>
  );
}

export function EndForm() {
  const { t } = useTranslation('chatbots');
  return (
    <Text fz="sm" c="dimmed">
      {t('panel.endHelp')}
    </Text>
  );
}
