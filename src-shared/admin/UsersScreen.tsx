import {
  Badge,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title2,
} from '@fluentui/react-components';
import { useCallback, useMemo, useState } from 'react';
import { usersCsv } from '../domain/admin-csv.ts';
import {
  displayName,
  toManagedUser,
  userMatches,
  userStatusTone,
  type ManagedUser,
  type StatusTone,
} from '../domain/managed-user.ts';
import { useAdminServices } from './admin-services.tsx';
import { ConfirmUserActionDialog } from './ConfirmUserActionDialog.tsx';
import { ListStatus } from './ListStatus.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { ADMIN_TEXT, loadErrorText, type UserAction } from './messages.ts';
import { formatDateTime, useScreenStyles } from './screen-styles.ts';
import { useAdminList } from './use-admin-list.ts';
import { useCsvExport } from './use-csv-export.ts';
import { ShowMoreRows, useRowWindow } from './use-row-window.tsx';

const TONE_COLOUR: Record<StatusTone, 'success' | 'warning' | 'danger' | 'informative'> = {
  success: 'success',
  warning: 'warning',
  danger: 'danger',
  default: 'informative',
};

/** 'User Management' (spec §2 Admin users page). */
export function UsersScreen() {
  const styles = useScreenStyles();
  const { api, sessionLost } = useAdminServices();
  const loadUsers = useCallback(async () => {
    const outcome = await api.listUsers();
    return outcome.ok ? { ok: true as const, value: outcome.value.map(toManagedUser) } : outcome;
  }, [api]);
  const { state, reload } = useAdminList(loadUsers);
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<{ action: UserAction; user: ManagedUser } | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const csvExport = useCsvExport('users', { one: 'user', many: 'users' });
  const shown = useMemo(() => state.items.filter((user) => userMatches(user, search)), [state.items, search]);
  const rows = useRowWindow(shown);

  function ask(action: UserAction, user: ManagedUser) {
    setActionError(null);
    setPending({ action, user });
  }

  async function confirm() {
    if (!pending) return;
    const { action, user } = pending;
    setBusy(true);
    const run = { enable: api.enableUser, disable: api.disableUser, delete: api.deleteUser }[action];
    const outcome = await run(user.username);
    setBusy(false);
    if (outcome.ok) {
      setPending(null);
      void reload();
      return;
    }
    if (outcome.reason === 'unauthorized') sessionLost();
    setActionError(loadErrorText(outcome, ADMIN_TEXT.actionFailed(action), ADMIN_TEXT.networkErrorOccurred));
  }

  return (
    <section className={styles.root} aria-labelledby="users-title">
      <div>
        <Title2 as="h1" id="users-title" className={styles.heading}>
          {ADMIN_TEXT.usersTitle}
        </Title2>
        <p className={styles.subtitle}>{ADMIN_TEXT.usersSubtitle}</p>
      </div>
      <ListToolbar
        search={search}
        onSearch={setSearch}
        searchLabel="Search by username, email or name"
        onRefresh={() => void reload()}
        refreshing={state.phase === 'loading'}
        onExport={() => void csvExport.run(usersCsv(shown), shown.length, search)}
        exportDisabled={shown.length === 0}
      />
      <ListStatus
        loadError={
          state.phase === 'error'
            ? loadErrorText(state.failure, ADMIN_TEXT.fetchUsersFailed, ADMIN_TEXT.networkErrorOccurred)
            : null
        }
        exportError={csvExport.error}
        exportNotice={csvExport.notice}
        loading={state.phase === 'loading'}
        loadingLabel="Loading users…"
        summary={ADMIN_TEXT.showingUsers(shown.length, state.items.length)}
      />
      <div className={styles.tableWrap}>
        <Table className={styles.table} aria-label="Users" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Username</TableHeaderCell>
              <TableHeaderCell>Email</TableHeaderCell>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
              <TableHeaderCell>Enabled</TableHeaderCell>
              <TableHeaderCell>Created</TableHeaderCell>
              <TableHeaderCell>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.visible.map((user) => (
              <TableRow key={user.id}>
                <TableCell className={styles.truncate} title={user.username}>
                  {user.username}
                </TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell>{displayName(user)}</TableCell>
                <TableCell>
                  <Badge appearance="tint" shape="rounded" color={TONE_COLOUR[userStatusTone(user.status)]}>
                    {user.status}
                  </Badge>
                </TableCell>
                <TableCell>
                  <Badge appearance="tint" shape="rounded" color={user.enabled ? 'success' : 'danger'}>
                    {user.enabled ? 'Yes' : 'No'}
                  </Badge>
                </TableCell>
                <TableCell className={styles.nowrap}>{formatDateTime(user.createdDate)}</TableCell>
                <TableCell>
                  <div className={styles.actions}>
                    {user.enabled ? (
                      <Button size="small" onClick={() => ask('disable', user)} aria-label={`Disable ${user.username}`}>
                        Disable
                      </Button>
                    ) : (
                      <Button size="small" onClick={() => ask('enable', user)} aria-label={`Enable ${user.username}`}>
                        Enable
                      </Button>
                    )}
                    <Button
                      size="small"
                      appearance="subtle"
                      onClick={() => ask('delete', user)}
                      aria-label={`Delete ${user.username}`}
                    >
                      Delete
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ShowMoreRows hidden={rows.hidden} onShowMore={rows.showMore} />
        {state.phase !== 'loading' && shown.length === 0 && (
          <p className={styles.empty}>{state.items.length === 0 ? ADMIN_TEXT.noUsers : ADMIN_TEXT.noUsersMatching}</p>
        )}
      </div>
      {pending && (
        <ConfirmUserActionDialog
          action={pending.action}
          username={pending.user.username}
          busy={busy}
          error={actionError}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}
