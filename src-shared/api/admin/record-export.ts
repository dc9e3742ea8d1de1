import type { ExportRecordRequest } from '../../domain/admin.ts';
import * as contracts from '../../domain/endpoints/admin.ts';
import { resultFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `POST /api/admin/exports`: tells the server's audit log that a CSV was exported. */
export async function recordExport(http: AdminHttp, request: ExportRecordRequest): Promise<AdminOutcome<void>> {
  return resultFrom(await http.send(contracts.recordExport, { body: request }));
}
