import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import type { TContactFilters } from './contact-filters';
import { downloadContacts, type TExportFormat } from './contacts-api';

/** Export of the current filter (CSV or XLSX); a refused download shows the server's reason. */
export function ExportMenu({ acc, filters }: { acc: string; filters: TContactFilters }) {
  const { t } = useTranslation('contacts');
  const download = useMutation({
    mutationFn: (format: TExportFormat) => downloadContacts(acc, filters, format),
    onError: (err) =>
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
  });
  const busy = download.isPending;
  const run = (format: TExportFormat) => download.mutate(format);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          loading={busy}
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          {t('export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileText size={16} />} onClick={() => void run('csv')}>
          {t('export.csv')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void run('xlsx')}>
          {t('export.xlsx')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
