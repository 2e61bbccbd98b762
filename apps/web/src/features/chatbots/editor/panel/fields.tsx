import { useRef, useState } from 'react';
import { ActionIcon, Group, Menu, Select, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { CHATBOT_LIMITS, FLOW_KEY_ENTITIES, type TFlowDocument, ZFlowVariable } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { variableNameTaken } from '../flow-edit';

/** The {{…}} names a text can use: flow variables, then the contact's key entities ($name…). */
export function variableTokens(doc: TFlowDocument): { token: string; label: string }[] {
  return [
    ...doc.variables.map((v) => ({ token: v.name, label: v.name })),
    ...FLOW_KEY_ENTITIES.map((k) => ({ token: `$${k}`, label: `$${k}` })),
  ];
}

function InsertVariable({ doc, onInsert }: { doc: TFlowDocument; onInsert: (token: string) => void }) {
  const { t } = useTranslation('chatbots');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('panel.insertVariable')}>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('panel.insertVariable')}>
            <IconBraces size={16} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown mah={260} style={{ overflowY: 'auto' }}>
        {variableTokens(doc).map((v) => (
          <Menu.Item key={v.token} onClick={() => onInsert(`{{${v.token}}}`)} ff="monospace" fz="xs">
            {`{{${v.label}}}`}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A message text with {{variables}} (inserted at the cursor from the braces menu). */
export function TextWithVariables({
  label,
  value,
  onChange,
  doc,
  error,
  required,
  placeholder,
  minRows = 3,
  max = CHATBOT_LIMITS.textMax,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  doc: TFlowDocument;
  error?: string;
  required?: boolean;
  placeholder?: string;
  minRows?: number;
  max?: number;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const insert = (token: string) => {
    const el = ref.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return (
    <div>
      <Group justify="space-between" gap={4} mb={4} wrap="nowrap">
        <Text fz="sm" fw={500}>
          {label}
          {required && (
            <Text span c="red" aria-hidden>
              {' '}
              *
            </Text>
          )}
        </Text>
        <InsertVariable doc={doc} onInsert={insert} />
      </Group>
      <Textarea
        ref={ref}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        autosize
        minRows={minRows}
        maxRows={10}
        maxLength={max}
        error={error}
        placeholder={placeholder}
      />
    </div>
  );
}

const CREATE = '+create:';

/**
 * A flow variable by id (or none). With `onCreate`, typing a new name offers to create it here
 * (the variables panel is not on screen while a block is selected).
 */
export function VariableSelect({
  label,
  value,
  onChange,
  doc,
  description,
  clearable = true,
  error,
  onCreate,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (id: string | null) => void;
  doc: TFlowDocument;
  description?: string;
  clearable?: boolean;
  error?: string;
  /** Adds a variable named `name` to the flow and answers its id. */
  onCreate?: (name: string) => string;
}) {
  const { t } = useTranslation('chatbots');
  const [search, setSearch] = useState('');
  const name = search.trim();
  const creatable =
    !!onCreate &&
    ZFlowVariable.shape.name.safeParse(name).success &&
    !variableNameTaken(doc, name) &&
    doc.variables.length < CHATBOT_LIMITS.maxVariables;
  return (
    <Select
      label={label}
      description={description}
      placeholder={onCreate ? t('panel.chooseOrCreateVariable') : t('panel.chooseVariable')}
      data={[
        ...doc.variables.map((v) => ({ value: v.id, label: v.name })),
        ...(creatable ? [{ value: `${CREATE}${name}`, label: t('panel.createVariable', { name }) }] : []),
      ]}
      value={value ?? null}
      onChange={(id) => onChange(id?.startsWith(CREATE) && onCreate ? onCreate(name) : id)}
      searchable={!!onCreate}
      searchValue={search}
      onSearchChange={setSearch}
      clearable={clearable}
      nothingFoundMessage={onCreate ? t('panel.typeVariableName') : t('panel.noVariables')}
      comboboxProps={{ position: 'bottom', middlewares: { flip: false, shift: false } }}
      error={error}
    />
  );
}

/** A plain short text field bound to a block field. */
export function Field({
  label,
  value,
  onChange,
  ...rest
}: {
  label: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  placeholder?: string;
  description?: string;
  error?: string;
  maxLength?: number;
  required?: boolean;
}) {
  return (
    <TextInput
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      withAsterisk={rest.required}
      {...rest}
    />
  );
}
