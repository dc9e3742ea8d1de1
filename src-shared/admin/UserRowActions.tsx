import { Button } from '@fluentui/react-components';
import type { ManagedUser } from '../domain/managed-user.ts';
import type { UserAction } from './messages.ts';
import { useScreenStyles } from './screen-styles.ts';

/** Every action on one user, in one place: the users table's last column. */
export function UserRowActions({ user, onAction }: { user: ManagedUser; onAction(action: UserAction, user: ManagedUser): void }) {
  const styles = useScreenStyles();
  const who = user.email || user.username;
  return (
    <div className={styles.actions}>
      {user.enabled ? (
        <Button size="small" onClick={() => onAction('disable', user)} aria-label={`Disable ${who}`}>
          Disable
        </Button>
      ) : (
        <Button size="small" onClick={() => onAction('enable', user)} aria-label={`Enable ${who}`}>
          Enable
        </Button>
      )}
      <Button size="small" appearance="subtle" onClick={() => onAction('delete', user)} aria-label={`Delete ${who}`}>
        Delete
      </Button>
    </div>
  );
}
