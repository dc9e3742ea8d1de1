import {
  Button,
  Combobox,
  Option,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Tag,
  TagGroup,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminOutcome } from '../api/admin/client.ts';
import { maxLengthOf } from '../domain/schema-limits.ts';
import { GroupNameSchema } from '../domain/user-invites.ts';
import { useAdminServices } from './admin-services.tsx';
import { loadErrorText } from './messages.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: '14rem' },
  row: { display: 'flex', gap: tokens.spacingHorizontalS },
  error: { color: tokens.colorPaletteRedForeground1 },
  add: { whiteSpace: 'nowrap' },
});

/**
 * The groups changed here, by username, for as long as the users screen is open: the virtual table
 * mounts a row again each time it scrolls back into view or a search brings it back, and the
 * page it came with may predate the change.
 */
export type GroupsSeen = Map<string, string[]>;

/**
 * A user's groups on their row of the users table: each a tag the operator can dismiss
 * (removing the user from it), and "Add group" to pick an existing group or name a new one.
 * `listed` are the groups the users page came with (one request a page, not one a row); the
 * row reads them itself only without them (an older server) and after a change.
 */
export function UserGroupsControl({
  username,
  listed,
  seen,
}: {
  username: string;
  listed: string[] | undefined;
  seen: GroupsSeen;
}) {
  const styles = useStyles();
  const { api, sessionLost } = useAdminServices();
  const [groups, setGroups] = useState<string[] | null>(() => seen.get(username) ?? listed ?? null);
  const [known, setKnown] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const failed = useCallback(
    (outcome: Exclude<AdminOutcome<unknown>, { ok: true }>, fallback: string) => {
      if (outcome.reason === 'unauthorized') sessionLost();
      setError(loadErrorText(outcome, fallback, 'A network error occurred. Please try again.'));
    },
    [sessionLost],
  );

  // Read only when the page came without them or after a change here (the version), and never
  // written after the row is gone. A row is keyed by its user, so `username` stays what the first
  // render read. The page's own groups are whatever the first render took.
  const [version, setVersion] = useState(0);
  const [readyAtFirst] = useState(() => seen.has(username) || listed !== undefined);
  useEffect(() => {
    if (version === 0 && readyAtFirst) return;
    let live = true;
    void api.listUserGroups(username).then((outcome) => {
      if (!live) return;
      if (outcome.ok) {
        seen.set(username, outcome.value);
        setGroups(outcome.value);
      } else failed(outcome, 'Failed to fetch groups');
    });
    return () => {
      live = false;
    };
  }, [api, username, seen, failed, version, readyAtFirst]);

  /** Runs a change; once done, the row shows `update` of its groups (or reads them, never read yet). */
  async function change(run: () => Promise<AdminOutcome<void>>, fallback: string, update: (current: string[]) => string[]) {
    setBusy(true);
    setError(null);
    const outcome = await run();
    setBusy(false);
    if (!outcome.ok) {
      failed(outcome, fallback);
      return false;
    }
    if (groups === null) setVersion((current) => current + 1);
    else {
      const next = update(groups);
      seen.set(username, next);
      setGroups(next);
    }
    return true;
  }

  // A removed tag takes the focus with it: the tag now in its place (or the one before, or
  // "+ Group" when none is left) takes it, so the keyboard goes on from where it was.
  const root = useRef<HTMLDivElement>(null);
  const [removedAt, setRemovedAt] = useState<number | null>(null);
  useEffect(() => {
    if (removedAt === null || busy) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the focus has moved: done
    setRemovedAt(null);
    const tags = root.current?.querySelectorAll<HTMLElement>('[data-group-tag]') ?? [];
    const next = tags[Math.min(removedAt, tags.length - 1)] ?? root.current?.querySelector<HTMLElement>('[data-add-group]');
    next?.focus();
  }, [removedAt, busy, groups]);

  async function remove(group: string) {
    const at = groups?.indexOf(group) ?? -1;
    const removed = await change(
      () => api.removeUserFromGroup(username, group),
      'Failed to remove user from group',
      (current) => current.filter((name) => name !== group),
    );
    setRemovedAt(removed ? at : Math.max(at, 0));
  }

  // Closed by Add or Cancel as much as by Escape: the keyboard goes back to "+ Group", once the
  // closing is committed and the button enabled again (it is disabled while a change runs, and a
  // focus asked for before React has rendered the change's end would land on a disabled button).
  const [refocusAdd, setRefocusAdd] = useState(false);
  useEffect(() => {
    if (!refocusAdd || busy || adding) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the focus has moved: done
    setRefocusAdd(false);
    root.current?.querySelector<HTMLElement>('[data-add-group]')?.focus();
  }, [refocusAdd, busy, adding]);

  async function openAdd(open: boolean) {
    setAdding(open);
    setName('');
    if (!open) {
      setRefocusAdd(true);
      return;
    }
    const outcome = await api.listGroups();
    if (outcome.ok) setKnown(outcome.value);
  }

  async function add() {
    const group = name.trim();
    if (!group) return;
    const added = await change(
      () => api.addUserToGroup(username, group),
      'Failed to add user to group',
      (current) => [...current.filter((name) => name !== group), group].sort(),
    );
    if (added) void openAdd(false);
  }

  const choices = known.filter((group) => !groups?.includes(group));
  return (
    <div className={styles.root} ref={root}>
      {groups !== null && groups.length > 0 && (
        <TagGroup
          size="extra-small"
          aria-label={`Groups of ${username}`}
          onDismiss={(_event, data) => void remove(String(data.value))}
        >
          {groups.map((group) => (
            <Tag
              key={group}
              value={group}
              shape="rounded"
              appearance="brand"
              data-group-tag=""
              dismissible={!busy}
              // A dismissible tag is one button: its name says what pressing it does.
              aria-label={`Remove ${username} from ${group}`}
            >
              {group}
            </Tag>
          ))}
        </TagGroup>
      )}
      <Popover open={adding} onOpenChange={(_event, data) => void openAdd(data.open)} trapFocus>
        <PopoverTrigger disableButtonEnhancement>
          <Button
            size="small"
            appearance="subtle"
            className={styles.add}
            aria-label={`Add ${username} to a group`}
            data-add-group=""
            disabled={busy}
          >
            + Group
          </Button>
        </PopoverTrigger>
        <PopoverSurface>
          <form
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              void add();
            }}
          >
            <Text weight="semibold">Add to group</Text>
            <Combobox
              freeform
              aria-label="Group name"
              placeholder="Choose or type a new group"
              value={name}
              maxLength={maxLengthOf(GroupNameSchema)}
              onChange={(event) => setName(event.target.value)}
              onOptionSelect={(_event, data) => setName(data.optionText ?? '')}
              // Enter adds the group unless it picks an option of the open list: the combobox
              // itself keeps Enter from submitting the form.
              onKeyDown={(event) => {
                if (event.key !== 'Enter' || event.currentTarget.getAttribute('aria-activedescendant')) return;
                event.preventDefault();
                void add();
              }}
              disabled={busy}
            >
              {choices.map((group) => (
                <Option key={group}>{group}</Option>
              ))}
            </Combobox>
            <div className={styles.row}>
              <Button type="submit" appearance="primary" size="small" disabled={busy || name.trim() === ''}>
                Add
              </Button>
              <Button size="small" onClick={() => void openAdd(false)} disabled={busy}>
                Cancel
              </Button>
            </div>
          </form>
        </PopoverSurface>
      </Popover>
      {error && (
        <Text size={200} className={styles.error} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
