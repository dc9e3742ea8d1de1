import {
  Badge,
  Label,
  makeStyles,
  mergeClasses,
  Select,
  TableCell,
  TableHeaderCell,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { USER_STATUSES, UsersQuerySchema, type UserSearchField, type UsersQuery } from '../domain/admin-lists.ts';
import { maxLengthOf } from '../domain/schema-limits.ts';
import { displayName, toManagedUser, userStatusTone, type ManagedUser, type StatusTone } from '../domain/managed-user.ts';
import { useAdminServices } from './admin-services.tsx';
import { ConfirmUserActionDialog } from './ConfirmUserActionDialog.tsx';
import { ListStatus } from './ListStatus.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { ADMIN_TEXT, loadErrorText, type UserAction } from './messages.ts';
import { InviteUserDialog } from './InviteUserDialog.tsx';
import { formatDateTime, PHONE, useScreenStyles } from './screen-styles.ts';
import { useCsvExport } from './use-csv-export.ts';
import { useFocusFallback } from './use-focus-fallback.ts';
import { UserGroupsControl, type GroupsSeen } from './UserGroupsControl.tsx';
import { useDebouncedValue, usePagedList } from './use-paged-list.ts';
import { UserRowActions } from './UserRowActions.tsx';
import { useViewParams } from './view-params.tsx';
import { VirtualTable } from './VirtualTable.tsx';

const TONE_COLOUR: Record<StatusTone, 'success' | 'warning' | 'danger' | 'informative'> = {
  success: 'success',
  warning: 'warning',
  danger: 'danger',
  default: 'informative',
};

const SEARCH_BY: Record<UserSearchField, string> = {
  username: 'Username',
  email: 'Email',
  given_name: 'First name',
  family_name: 'Last name',
};

const useStyles = makeStyles({
  filter: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  // The generated username, cut to fit (whole in its title): one click selects all of it, not the hyphen-separated
  // word under the pointer, ready to copy. On a phone only its first group shows, leaving the email some room.
  username: { display: 'block', userSelect: 'all', [PHONE]: { maxWidth: '80px' } },
  // On a phone a long address wraps rather than running under the pinned actions.
  email: { [PHONE]: { display: 'block', maxWidth: '160px', overflowWrap: 'break-word' } },
});

/** The list's search and status filter as kept (in the web's address): everyone, searched by email. */
const USERS_VIEW = { q: '', by: 'email', status: '' } as const;

/** 'User Management', the admin users page: paged and searched through the identity service. */
export function UsersScreen() {
  const styles = useScreenStyles();
  const own = useStyles();
  const { api, sessionLost } = useAdminServices();
  const [view, setView] = useViewParams(USERS_VIEW);
  const search = view.q;
  // From an address anyone may have edited: only a field and a status the screen offers.
  const searchBy: UserSearchField = view.by in SEARCH_BY ? (view.by as UserSearchField) : 'email';
  const status = (USER_STATUSES as readonly string[]).includes(view.status) ? view.status : '';
  const [pending, setPending] = useState<{ action: UserAction; user: ManagedUser } | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const q = useDebouncedValue(search.trim());
  // One filter a search (the identity service takes one): a search replaces the status filter.
  const query = useMemo<UsersQuery>(
    () => (q ? { q, searchBy } : status ? { status: status as NonNullable<UsersQuery['status']> } : {}),
    [q, searchBy, status],
  );
  const load = useCallback(
    async (request: UsersQuery) => {
      const outcome = await api.listUsers({ ...request, limit: 120 });
      return outcome.ok
        ? { ok: true as const, value: { ...outcome.value, items: outcome.value.items.map(toManagedUser) } }
        : outcome;
    },
    [api],
  );
  const { state, reload, loadMore } = usePagedList(load, query);
  const csvExport = useCsvExport('users', 'users');
  const [groupsSeen] = useState<GroupsSeen>(() => new Map());
  const ids = { searchBy: useId(), status: useId() };
  const searchRef = useRef<HTMLInputElement>(null);
  // A deleted user's row goes with its Delete button, where the dialog gave the focus back: once
  // the list has reloaded, a focus left on nothing goes to the search box.
  const expectFocusLoss = useFocusFallback(searchRef, state.phase === 'ready', state.items);

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
      if (action === 'delete') expectFocusLoss();
      void reload();
      return;
    }
    if (outcome.reason === 'unauthorized') sessionLost();
    setActionError(loadErrorText(outcome, ADMIN_TEXT.actionFailed(action), ADMIN_TEXT.networkErrorOccurred));
  }

  const summary =
    state.total === null
      ? ADMIN_TEXT.showingUsersSoFar(state.items.length, state.nextCursor !== null)
      : state.totalIsEstimate
        ? ADMIN_TEXT.showingUsersAbout(state.items.length, state.total)
        : ADMIN_TEXT.showingUsers(state.items.length, state.total);

  return (
    <section className={styles.root} aria-labelledby="users-title">
      <div>
        <Title2 as="h1" id="users-title" className={styles.heading}>
          {ADMIN_TEXT.usersTitle}
        </Title2>
        <p className={styles.subtitle}>{ADMIN_TEXT.usersSubtitle}</p>
      </div>
      <InviteUserDialog onInvited={() => void reload()} />
      <ListToolbar
        search={search}
        onSearch={(value) => setView({ q: value })}
        searchLabel={`Search by ${SEARCH_BY[searchBy].toLowerCase()} (starts with)`}
        searchMaxLength={maxLengthOf(UsersQuerySchema.properties.q)}
        searchRef={searchRef}
        onRefresh={() => void reload()}
        refreshing={state.phase === 'loading'}
        onExport={() => void csvExport.run({ ...query })}
        exportDisabled={state.phase !== 'ready' || state.items.length === 0}
        exporting={csvExport.bytes === null ? null : { bytes: csvExport.bytes, onCancel: csvExport.cancel }}
      >
        <div className={own.filter}>
          <Label htmlFor={ids.searchBy} size="small">
            Search in
          </Label>
          <Select id={ids.searchBy} value={searchBy} onChange={(_e, data) => setView({ by: data.value })}>
            {Object.entries(SEARCH_BY).map(([field, label]) => (
              <option key={field} value={field}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        <div className={own.filter}>
          <Label htmlFor={ids.status} size="small">
            Status
          </Label>
          <Select id={ids.status} value={status} disabled={Boolean(q)} onChange={(_e, data) => setView({ status: data.value })}>
            <option value="">Any</option>
            {USER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </div>
      </ListToolbar>
      <ListStatus
        empty={state.items.length === 0}
        loadError={
          state.phase === 'error' && state.failure
            ? loadErrorText(state.failure, ADMIN_TEXT.fetchUsersFailed, ADMIN_TEXT.networkErrorOccurred)
            : null
        }
        exported={csvExport}
        loading={state.phase === 'loading'}
        loadingLabel="Loading users…"
        summary={summary}
      />
      <VirtualTable
        label="Users"
        list={state}
        onNearEnd={() => void loadMore()}
        rowKey={(user) => user.id}
        header={
          <>
            <TableHeaderCell>Username</TableHeaderCell>
            <TableHeaderCell>Email</TableHeaderCell>
            <TableHeaderCell>Name</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>Enabled</TableHeaderCell>
            <TableHeaderCell>Groups</TableHeaderCell>
            <TableHeaderCell>Created</TableHeaderCell>
            <TableHeaderCell className={styles.pinnedEnd}>Actions</TableHeaderCell>
          </>
        }
        renderRow={(user) => (
          <>
            <TableCell>
              <span className={mergeClasses(styles.truncate, own.username)} title={user.username}>
                {user.username}
              </span>
            </TableCell>
            <TableCell>
              <span className={own.email}>{user.email}</span>
            </TableCell>
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
            <TableCell>
              <UserGroupsControl username={user.username} listed={user.groups} seen={groupsSeen} />
            </TableCell>
            <TableCell className={styles.nowrap}>{formatDateTime(user.createdDate)}</TableCell>
            <TableCell className={styles.pinnedEnd}>
              <UserRowActions user={user} onAction={ask} />
            </TableCell>
          </>
        )}
        footer={
          state.phase === 'ready' &&
          state.items.length === 0 && (
            <p className={styles.empty}>{q || status ? ADMIN_TEXT.noUsersMatching : ADMIN_TEXT.noUsers}</p>
          )
        }
      />
      {pending && (
        <ConfirmUserActionDialog
          action={pending.action}
          username={pending.user.username}
          email={pending.user.email}
          busy={busy}
          error={actionError}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}
