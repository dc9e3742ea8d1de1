import { useState } from 'react';
import type { ExportDataset } from '../domain/admin.ts';
import { useAdminServices } from './admin-services.tsx';
import { exportCsv } from './export-csv.ts';

/**
 * Export CSV as a list screen runs it: where the file went (a download's name on the web, the
 * chosen path in the desktop console), or the error the platform reported. Cancelling says nothing.
 */
export function useCsvExport(dataset: ExportDataset, noun: { one: string; many: string }) {
  const services = useAdminServices();
  const [status, setStatus] = useState<{ error: string | null; notice: string | null }>({ error: null, notice: null });

  async function run(contents: string, rowCount: number, search: string) {
    setStatus({ error: null, notice: null });
    const result = await exportCsv(services, dataset, contents, rowCount, search);
    if (result.status === 'failed') setStatus({ error: result.message, notice: null });
    if (result.status === 'saved')
      setStatus({ error: null, notice: `Exported ${rowCount} ${rowCount === 1 ? noun.one : noun.many} to ${result.location}` });
  }

  return { ...status, run };
}
