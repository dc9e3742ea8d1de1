import { LeadsScreen } from '../../../src-shared/admin/LeadsScreen.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ADMIN_TEXT } from '../../../src-shared/admin/messages.ts';
import { WebAdminGate } from './WebAdminGate.tsx';

/** /admin/leads. */
export function Component() {
  useDocumentTitle(ADMIN_TEXT.leadsTitle);
  return (
    <WebAdminGate variant="leads" title={ADMIN_TEXT.leadsTitle}>
      <LeadsScreen />
    </WebAdminGate>
  );
}
