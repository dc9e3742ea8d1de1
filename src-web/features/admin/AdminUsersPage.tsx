import { UsersScreen } from '../../../src-shared/admin/UsersScreen.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ADMIN_TEXT } from '../../../src-shared/admin/messages.ts';
import { WebAdminGate } from './WebAdminGate.tsx';

/** /admin/users. */
export function Component() {
  useDocumentTitle(ADMIN_TEXT.usersTitle);
  return (
    <WebAdminGate variant="users" title={ADMIN_TEXT.usersTitle}>
      <UsersScreen />
    </WebAdminGate>
  );
}
