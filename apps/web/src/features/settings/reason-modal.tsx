import { TagsInput } from '@mantine/core';
import { type TClosingReason, ZClosingReasonBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { RecordFormModal, useRecordForm } from '../../ui/record-form-modal';

type TReasonValues = {
  name: string;
  subReasons: string[];
};

/** Add or rename a closing reason and its sub-reasons: not empty, unique (the server's messages). */
export function ReasonModal({
  opened,
  reason,
  others,
  onClose,
  onSave,
}: {
  opened: boolean;
  reason: TClosingReason | null;
  /** The account's other reasons (a name already used is refused before asking the server). */
  others: TClosingReason[];
  onClose: () => void;
  onSave: (body: TReasonValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('settings');
  const { form, modal } = useRecordForm({
    opened,
    record: reason,
    others,
    t,
    schema: ZClosingReasonBody,
    nameTaken: 'CLOSING_REASON_EXISTS',
    valuesOf: (r): TReasonValues => ({ name: r?.name ?? '', subReasons: r?.subReasons ?? [] }),
    validate: (_values, errors) => {
      const subError = Object.entries(errors).find(([path]) => path.startsWith('subReasons.'));
      if (subError && !errors.subReasons) errors.subReasons = subError[1];
    },
    texts: {
      addTitle: t('reasons.addTitle'),
      editTitle: t('reasons.editTitle'),
      add: t('reasons.add'),
      name: t('reasons.name'),
      namePlaceholder: t('reasons.namePlaceholder'),
    },
    onClose,
    onSubmit: (values) =>
      onSave({ name: values.name.trim(), subReasons: values.subReasons.map((s) => s.trim()) }),
  });

  return (
    <RecordFormModal {...modal}>
      <TagsInput
        label={t('reasons.subReasons')}
        description={t('reasons.subReasonsHelp')}
        placeholder={t('reasons.subReasonsPlaceholder')}
        clearable
        splitChars={[',']}
        {...form.getInputProps('subReasons')}
      />
    </RecordFormModal>
  );
}
