import { ActionIcon, Code, CopyButton, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

function CopyIcon({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('settings');
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('channels.copied') : t('channels.copy')} withArrow>
          <ActionIcon
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'green' : 'brand'}
            onClick={copy}
            aria-label={t('channels.copyNamed', { name: label })}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** A read-only value to paste elsewhere, with a copy button. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      data-testid={testId}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      rightSection={<CopyIcon value={value} label={label} />}
      rightSectionWidth={42}
      onFocus={(e) => e.currentTarget.select()}
    />
  );
}

/** A code snippet (several lines) with a copy button. */
export function CopySnippet({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text fz="sm" fw={500}>
          {label}
        </Text>
        <CopyIcon value={value} label={label} />
      </Group>
      <Code block data-testid={testId} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {value}
      </Code>
    </Stack>
  );
}
