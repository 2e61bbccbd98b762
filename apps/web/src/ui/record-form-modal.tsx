import type { FormEventHandler, ReactNode } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { useFormSave, zodValidator } from '../app/forms';
import { FormModal, useFormOnOpen } from './form-modal';
import { useKeptWhileClosing } from './use-kept-while-closing';

/** Two names are one when they differ only in case or surrounding spaces. */
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The texts of a RecordFormModal. */
export interface TRecordFormTexts {
  addTitle: string;
  editTitle: string;
  /** The submit button when adding (editing says the common 'save'). */
  add: string;
  /** The name field's label and placeholder. */
  name: string;
  namePlaceholder: string;
}

/** A RecordFormModal's props but its fields (what useRecordForm gives as `modal`). */
export interface TRecordFormModal {
  opened: boolean;
  onClose: () => void;
  title: string;
  submit: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  failure: string | null;
  saving: boolean;
  nameInput: TextInputProps;
}

/**
 * The form of a dialog that adds or edits a record whose name is unique in the account (a
 * department, a key entity, a closing reason). It checks the values with the shared `schema`, then
 * refuses a name one of `others` has (the server's `nameTaken` text, on the name field, as is the
 * server's own `nameTaken` refusal), then `validate`'s checks. Each opening starts from
 * `valuesOf(record)`; a new record's values are `valuesOf(null)`. `modal` is RecordFormModal's props.
 */
export function useRecordForm<V extends Record<string, unknown> & { name: string }, R>({
  opened,
  record,
  others,
  t,
  schema,
  toBody,
  nameTaken,
  valuesOf,
  validate,
  texts,
  nameMaxLength,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  /** The record being edited; null adds one. */
  record: R | null;
  /** The account's other records. */
  others: ReadonlyArray<{ name: string }>;
  t: TFunction;
  schema: z.ZodType;
  /** What `schema` checks, made of the values (the values themselves when absent). */
  toBody?: (values: V) => unknown;
  /** The error code of a name in use. */
  nameTaken: string;
  valuesOf: (record: R | null) => V;
  /** More checks, after the schema's and the name's: they add to `errors`. */
  validate?: (values: V, errors: Record<string, string>) => void;
  texts: TRecordFormTexts;
  nameMaxLength?: number;
  onClose: () => void;
  /** Saves the values; a refusal it throws goes on the name field (`nameTaken`), other fields or the dialog. */
  onSubmit: (values: V, form: UseFormReturnType<V>) => Promise<unknown>;
}) {
  const schemaCheck = zodValidator<V>(schema, t, toBody);
  const form = useForm<V>({
    initialValues: valuesOf(null),
    validate: (values) => {
      const errors = schemaCheck(values);
      if (!errors.name && others.some((other) => sameName(other.name, values.name)))
        errors.name = t(`errors:${nameTaken}`);
      validate?.(values, errors);
      return errors;
    },
  });
  const { saving, failure, setFailure, save } = useFormSave(form, t, { fieldOf: { [nameTaken]: 'name' } });
  useFormOnOpen(opened, record, form, () => valuesOf(record), setFailure);
  // Closing clears the record: the title and button stay the edit's while the dialog fades out.
  const shown = useKeptWhileClosing(record, opened);

  const modal: TRecordFormModal = {
    opened,
    onClose,
    title: shown ? texts.editTitle : texts.addTitle,
    submit: shown ? t('common:save') : texts.add,
    onSubmit: form.onSubmit((values) => save(() => onSubmit(values, form))),
    failure,
    saving,
    nameInput: {
      label: texts.name,
      placeholder: texts.namePlaceholder,
      maxLength: nameMaxLength,
      ...form.getInputProps('name'),
    },
  };
  return { form, modal };
}

/** A record's add-or-edit dialog (props from useRecordForm): the name first, focused, then `children`. */
export function RecordFormModal({
  nameInput,
  children,
  ...modal
}: TRecordFormModal & { children: ReactNode }) {
  return (
    <FormModal {...modal}>
      <TextInput withAsterisk data-autofocus {...nameInput} />
      {children}
    </FormModal>
  );
}
