import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { cx } from '../../components/button-styles.ts';
import { useClientNavigation } from '../../components/use-client-navigation.ts';
import type { NavLinkItem } from './nav-items.ts';
import styles from './NavMenu.module.css';

interface NavMenuProps {
  /** The trigger's content; `label` names the menu for assistive technology. */
  trigger: ReactNode;
  label: string;
  triggerClassName: string;
  items: readonly NavLinkItem[];
  /** Extra entries that are actions rather than links (such as Login). */
  actions?: readonly { label: string; onSelect(): void }[];
  openOnHover?: boolean;
  align?: 'start' | 'end';
}

/**
 * A disclosure menu of links: opens on hover (desktop) or on click, Enter, Space or
 * ArrowDown; arrow keys move between entries; Escape closes and returns focus.
 * Light enough to sit in the header of every page.
 */
export function NavMenu({
  trigger,
  label,
  triggerClassName,
  items,
  actions = [],
  openOnHover = false,
  align = 'start',
}: NavMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const go = useClientNavigation();

  const entries = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[data-menu-entry]') ?? []);
  const focusEntry = (index: number) => {
    const all = entries();
    all[(index + all.length) % all.length]?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      // Rendered open at once, so the first entry has focus before the next key arrives.
      flushSync(() => setOpen(true));
      focusEntry(0);
    }
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const current = entries().indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') focusEntry(current + 1);
    else if (event.key === 'ArrowUp') focusEntry(current - 1);
    else if (event.key === 'Home') focusEntry(0);
    else if (event.key === 'End') focusEntry(-1);
    else if (event.key === 'Escape') {
      setOpen(false);
      triggerRef.current?.focus();
    } else return;
    event.preventDefault();
  };

  return (
    <div
      ref={rootRef}
      className={styles.root}
      onMouseEnter={openOnHover ? () => setOpen(true) : undefined}
      onMouseLeave={openOnHover ? () => setOpen(false) : undefined}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={label}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      <ul
        id={listId}
        hidden={!open}
        className={cx(styles.list, align === 'end' ? styles.alignEnd : styles.alignStart)}
        onKeyDown={onListKeyDown}
      >
        {items.map((item) => (
          <li key={item.to}>
            <a
              data-menu-entry
              className={styles.item}
              href={item.to}
              onClick={(event) => {
                setOpen(false);
                go(item.to)(event);
              }}
            >
              {item.label}
            </a>
          </li>
        ))}
        {actions.map((action) => (
          <li key={action.label}>
            <button
              data-menu-entry
              type="button"
              className={cx(styles.item, styles.action)}
              onClick={() => {
                setOpen(false);
                // The entry hides with the menu: the keyboard waits on the trigger, where a dialog
                // the action opens gives it back when it closes.
                triggerRef.current?.focus();
                action.onSelect();
              }}
            >
              {action.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
