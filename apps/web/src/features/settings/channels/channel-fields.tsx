import { useState } from 'react';
import {
  ActionIcon,
  Checkbox,
  ColorInput,
  Group,
  PasswordInput,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconRefresh } from '@tabler/icons-react';
import { WEBCHAT_PRECHAT_FIELDS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { randomToken, slugify, type TChannelValues } from './channel-kinds';

type TForm = UseFormReturnType<TChannelValues>;

const SWATCHES = ['#0b7a75', '#228be6', '#7048e8', '#e64980', '#f76707', '#2f9e44', '#343a40'];

/** Web chat: name, chat page address, colour, greeting, allowed sites, pre-chat form and its fields. */
export function WebchatFields({ form, editing, origin }: { form: TForm; editing: boolean; origin: string }) {
  const { t } = useTranslation('settings');
  const name = form.getInputProps('name');
  const slug = form.getInputProps('slug');
  // The address follows the name until the admin types one.
  const [slugTouched, setSlugTouched] = useState(editing);
  return (
    <>
      <TextInput
        label={t('channels.fields.name')}
        placeholder={t('channels.fields.webchatNamePlaceholder')}
        withAsterisk
        data-autofocus
        {...name}
        onChange={(e) => {
          const value = e.currentTarget.value;
          name.onChange(value);
          if (!slugTouched) form.setFieldValue('slug', slugify(value));
        }}
      />
      <TextInput
        label={t('channels.fields.slug')}
        description={t('channels.fields.slugHelp', { url: `${origin}/chat/${form.values.slug || '…'}` })}
        withAsterisk
        {...slug}
        onChange={(e) => {
          setSlugTouched(true);
          slug.onChange(e.currentTarget.value);
        }}
      />
      <ColorInput
        label={t('channels.fields.color')}
        swatches={SWATCHES}
        format="hex"
        withEyeDropper={false}
        {...form.getInputProps('color')}
      />
      <Textarea
        label={t('channels.fields.greeting')}
        placeholder={t('channels.fields.greetingPlaceholder')}
        autosize
        minRows={2}
        maxLength={500}
        {...form.getInputProps('greeting')}
      />
      <TagsInput
        label={t('channels.fields.allowedOrigins')}
        description={t('channels.fields.allowedOriginsHelp')}
        placeholder="https://www.example.com"
        splitChars={[',', ' ']}
        {...form.getInputProps('allowedOrigins')}
      />
      <Switch
        label={t('channels.fields.preChatForm')}
        description={t('channels.fields.preChatFormHelp')}
        {...form.getInputProps('preChatForm', { type: 'checkbox' })}
      />
      {form.values.preChatForm && (
        <Checkbox.Group
          label={t('channels.fields.preChatFields')}
          description={t('channels.fields.preChatFieldsHelp')}
          {...form.getInputProps('preChatFields')}
        >
          <Group gap="lg" mt={6}>
            {WEBCHAT_PRECHAT_FIELDS.map((field) => (
              <Checkbox key={field} value={field} label={t(`channels.fields.preChatField.${field}`)} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    </>
  );
}

function Secret({
  form,
  field,
  label,
  editing,
}: {
  form: TForm;
  field: keyof TChannelValues;
  label: string;
  editing: boolean;
}) {
  const { t } = useTranslation('settings');
  return (
    <PasswordInput
      label={label}
      withAsterisk={!editing}
      placeholder={editing ? t('channels.fields.keepSecret') : undefined}
      autoComplete="off"
      {...form.getInputProps(field)}
    />
  );
}

/** The channel's name and the number it sends from (WhatsApp and SMS). */
function NameAndNumber({ form, number }: { form: TForm; number: 'displayPhone' | 'fromNumber' }) {
  const { t } = useTranslation('settings');
  return (
    <>
      <TextInput
        label={t('channels.fields.name')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t(`channels.fields.${number}`)}
        placeholder="+5511999990000"
        withAsterisk
        {...form.getInputProps(number)}
      />
    </>
  );
}

/** WhatsApp Cloud API: the number's ids at Meta and the app's secrets (write-only). */
export function WhatsappFields({ form, editing }: { form: TForm; editing: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <>
      <NameAndNumber form={form} number="displayPhone" />
      <TextInput
        label={t('channels.fields.phoneNumberId')}
        withAsterisk
        {...form.getInputProps('phoneNumberId')}
      />
      <TextInput label={t('channels.fields.wabaId')} withAsterisk {...form.getInputProps('wabaId')} />
      <Secret form={form} field="accessToken" label={t('channels.fields.accessToken')} editing={editing} />
      <Secret form={form} field="appSecret" label={t('channels.fields.appSecret')} editing={editing} />
      <TextInput
        label={t('channels.fields.verifyToken')}
        description={t('channels.fields.verifyTokenHelp')}
        placeholder={editing ? t('channels.fields.keepSecret') : undefined}
        withAsterisk={!editing}
        autoComplete="off"
        rightSection={
          <Tooltip label={t('channels.fields.newToken')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('channels.fields.newToken')}
              onClick={() => form.setFieldValue('verifyToken', randomToken())}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        }
        {...form.getInputProps('verifyToken')}
      />
    </>
  );
}

/** SMS provider: the sending number and the provider account's credentials. */
export function SmsFields({ form, editing }: { form: TForm; editing: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <>
      <NameAndNumber form={form} number="fromNumber" />
      <TextInput label={t('channels.fields.accountSid')} withAsterisk {...form.getInputProps('accountSid')} />
      <Secret form={form} field="authToken" label={t('channels.fields.authToken')} editing={editing} />
    </>
  );
}
