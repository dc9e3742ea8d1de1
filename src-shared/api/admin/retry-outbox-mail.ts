import * as contracts from '../../domain/endpoints/admin.ts';
import { resultFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `POST /api/admin/outbox/{id}/retry`: a failed mail goes back to the queue. */
export async function retryOutboxMail(http: AdminHttp, id: number): Promise<AdminOutcome<void>> {
  return resultFrom(await http.send(contracts.retryOutboxMail, { params: { id } }));
}
