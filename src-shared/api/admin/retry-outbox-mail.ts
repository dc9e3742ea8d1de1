import { outboxRetryPath, type AdminResult } from '../../domain/admin.ts';
import { resultFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `POST /api/admin/outbox/{id}/retry`: a failed mail goes back to the queue. */
export async function retryOutboxMail(http: AdminHttp, id: number): Promise<AdminOutcome<void>> {
  return resultFrom(await http.send<AdminResult>('POST', outboxRetryPath(id)));
}
