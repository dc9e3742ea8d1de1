import { useEffect, useRef, useState } from 'react';
import { csvFileName } from '../domain/admin-csv.ts';
import type { ExportDataset } from '../domain/admin.ts';
import { exportLeads, exportUsers } from '../domain/endpoints/admin.ts';
import { endpointUrl } from '../api/endpoint.ts';
import { useAdminServices } from './admin-services.tsx';

export interface CsvExportState {
  error: string | null;
  notice: string | null;
  /** Bytes written so far while an export runs; null when none runs. */
  bytes: number | null;
}

/**
 * Export CSV as a list screen runs it: the server streams the export of the current search
 * and filters, and the platform writes it where the operator saves it (a download, or the
 * file chosen in the desktop's save dialog), with the bytes so far and a way to cancel.
 * The server records the export in the audit log. Cancelling says nothing, and leaving the
 * screen cancels: the console's main runs one export at a time, so one nobody watches any more
 * would refuse the next ("An export is already running").
 */
export function useCsvExport(dataset: ExportDataset, noun: string) {
  const { platform, sessionLost } = useAdminServices();
  const [status, setStatus] = useState<CsvExportState>({ error: null, notice: null, bytes: null });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  async function run(query: Record<string, string | number | undefined>) {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setStatus({ error: null, notice: null, bytes: 0 });
    const result = await platform.saveExport(
      { path: endpointUrl(dataset === 'leads' ? exportLeads : exportUsers, { query }), suggestedName: csvFileName(dataset) },
      (bytes) => setStatus((current) => ({ ...current, bytes })),
      controller.signal,
    );
    running.current = null;
    if (result.status === 'failed') setStatus({ error: result.message, notice: null, bytes: null });
    if (result.status === 'saved') setStatus({ error: null, notice: `Exported the ${noun} to ${result.location}`, bytes: null });
    if (result.status === 'cancelled' || result.status === 'unauthorized') setStatus({ error: null, notice: null, bytes: null });
    // As a list's 401: the gate asks for the password again.
    if (result.status === 'unauthorized') sessionLost();
  }

  return { ...status, run, cancel: () => running.current?.abort() };
}
