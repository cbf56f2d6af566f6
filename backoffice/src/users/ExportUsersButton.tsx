import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useListContext, useNotify } from 'react-admin';
import { useVoltmarket } from '../data/use-voltmarket';
import { localDateStamp, saveFile } from '../lib/download';

/** Downloads every user matching the current filter and order as CSV, built by the server. */
export function ExportUsersButton() {
  const { filterValues, sort, total } = useListContext();
  const dataProvider = useVoltmarket();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const exportUsers = async () => {
    setBusy(true);
    try {
      const csv = await dataProvider.exportUsersCsv({ filter: filterValues, sort });
      saveFile(csv, `voltmarket-users-${localDateStamp()}.csv`);
    } catch (error) {
      notify(`Export Failed: ${error instanceof Error && error.message ? error.message : 'Failed to export the users. Please try again.'}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button size="small" startIcon={<DownloadIcon />} disabled={busy || total === 0} onClick={() => void exportUsers()}>
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
