import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import type { TContactFilters } from './contact-filters';
import { downloadContacts, type TExportFormat } from './contacts-api';

/** Export of the current filter (CSV or XLSX); a refused download shows the server's reason. */
export function ExportMenu({ acc, filters }: { acc: string; filters: TContactFilters }) {
  const { t } = useTranslation('contacts');
  const [busy, setBusy] = useState(false);
  const run = async (format: TExportFormat) => {
    setBusy(true);
    try {
      await downloadContacts(acc, filters, format);
    } catch (err) {
      notify({ color: 'red', title: t('common:error'), message: errorText(t, err) });
    } finally {
      setBusy(false);
    }
  };
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
