import type { AdminApi } from '../api/admin/client.ts';
import { CSV_MIME_TYPE, csvFileName } from '../domain/admin-csv.ts';
import type { ExportDataset } from '../domain/admin.ts';
import type { Platform, SaveFileResult } from '../domain/platform.ts';

/** Saves a CSV under the spec's file name, then tells the server's audit log it was exported. */
export async function exportCsv(
  services: { api: Pick<AdminApi, 'recordExport'>; platform: Pick<Platform, 'saveFile'> },
  dataset: ExportDataset,
  contents: string,
  rowCount: number,
  search: string,
): Promise<SaveFileResult> {
  const result = await services.platform.saveFile({ suggestedName: csvFileName(dataset), mimeType: CSV_MIME_TYPE, contents });
  if (result.status === 'saved') await services.api.recordExport({ dataset, rowCount, search });
  return result;
}
