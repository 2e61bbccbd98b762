import { useRef } from 'react';
import { ActionIcon, Group, Menu, Select, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { CHATBOT_LIMITS, FLOW_KEY_ENTITIES, type TFlowDocument } from '@atende/shared';
import { useTranslation } from 'react-i18next';

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

/** A flow variable by id (or none). */
export function VariableSelect({
  label,
  value,
  onChange,
  doc,
  description,
  clearable = true,
  error,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (id: string | null) => void;
  doc: TFlowDocument;
  description?: string;
  clearable?: boolean;
  error?: string;
}) {
  const { t } = useTranslation('chatbots');
  return (
    <Select
      label={label}
      description={description}
      placeholder={t('panel.chooseVariable')}
      data={doc.variables.map((v) => ({ value: v.id, label: v.name }))}
      value={value ?? null}
      onChange={onChange}
      clearable={clearable}
      nothingFoundMessage={t('panel.noVariables')}
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
