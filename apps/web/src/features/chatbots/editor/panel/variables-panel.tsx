import { useState } from 'react';
import { ActionIcon, Button, Code, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CHATBOT_LIMITS, FLOW_KEY_ENTITIES, type TFlowDocument, ZFlowVariable } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { validationText } from '../../../../app/i18n';
import { useAcc } from '../../../../app/session';
import { entityFieldKey } from '../../../departments/key-entities-panel';
import { useKeyEntities } from '../../../departments/departments-api';
import { addVariable, removeVariable, variableNameTaken } from '../flow-edit';

/**
 * The flow's variables (create, remove) and the contact's key entities every flow can read (the
 * contact's fields, then the account's own key entities from Settings): a second variable with the
 * same name is refused with 'Entity already exists'.
 */
export function VariablesPanel({
  doc,
  edit,
}: {
  doc: TFlowDocument;
  edit: (fn: (doc: TFlowDocument) => TFlowDocument) => void;
}) {
  const { t } = useTranslation('chatbots');
  const entities = useKeyEntities(useAcc());
  const own = (Array.isArray(entities.data) ? entities.data : [])
    .map((e) => ({ key: entityFieldKey(e.alias), name: e.name }))
    .filter((e) => !(FLOW_KEY_ENTITIES as readonly string[]).includes(e.key));
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const parsed = ZFlowVariable.shape.name.safeParse(name);
    if (!parsed.success) return setError(validationText(t, parsed.error.issues[0]?.message));
    if (variableNameTaken(doc, parsed.data)) return setError(t('issues.variable_exists'));
    if (doc.variables.length >= CHATBOT_LIMITS.maxVariables) return setError(t('panel.tooManyVariables'));
    edit((d) => addVariable(d, parsed.data).doc);
    setName('');
    setError(null);
  };
  const used = (id: string) => JSON.stringify(doc.groups).includes(`"${id}"`);
  return (
    <Stack gap="sm" data-testid="variables-panel">
      <Text fw={650}>{t('variables.title')}</Text>
      <Text fz="xs" c="dimmed">
        {t('variables.help')}
      </Text>
      {doc.variables.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('variables.none')}
        </Text>
      )}
      {doc.variables.map((v) => (
        <Group key={v.id} justify="space-between" wrap="nowrap" data-testid="variable-row">
          <Code>{`{{${v.name}}}`}</Code>
          <Tooltip label={used(v.id) ? t('variables.inUse') : t('variables.remove')}>
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={used(v.id)}
              onClick={() => edit((d) => removeVariable(d, v.id))}
              aria-label={t('variables.removeNamed', { name: v.name })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <Group gap={4} align="flex-start" wrap="nowrap">
          <TextInput
            flex={1}
            aria-label={t('variables.newName')}
            placeholder={t('variables.newName')}
            value={name}
            maxLength={CHATBOT_LIMITS.variableNameMax}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Button type="submit" variant="light" leftSection={<IconPlus size={14} />}>
            {t('variables.add')}
          </Button>
        </Group>
      </form>
      <Text fz="sm" fw={500} mt="xs">
        {t('variables.entities')}
      </Text>
      <Group gap={4}>
        {FLOW_KEY_ENTITIES.map((k) => (
          <Tooltip key={k} label={t(`entities.${k}`)}>
            <Code>{`{{$${k}}}`}</Code>
          </Tooltip>
        ))}
        {own.map((e) => (
          <Tooltip key={e.key} label={e.name}>
            <Code>{`{{$${e.key}}}`}</Code>
          </Tooltip>
        ))}
      </Group>
    </Stack>
  );
}
