import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useClientNavigation } from '../../components/use-client-navigation.ts';
import type { NavLinkItem } from './nav-items.ts';

const useStyles = makeStyles({
  root: { position: 'relative' },
  list: {
    position: 'absolute',
    top: '100%',
    minWidth: '200px',
    margin: 0,
    padding: tokens.spacingVerticalXS,
    listStyleType: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
    zIndex: 110,
  },
  action: {
    width: '100%',
    textAlign: 'left',
    border: 'none',
    backgroundColor: 'transparent',
    cursor: 'pointer',
    fontFamily: 'inherit',
  },
  alignStart: { left: 0 },
  alignEnd: { right: 0 },
  item: {
    display: 'block',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase300,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
});

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
  const styles = useStyles();
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
      setOpen(true);
      requestAnimationFrame(() => focusEntry(0));
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
        className={mergeClasses(styles.list, align === 'end' ? styles.alignEnd : styles.alignStart)}
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
              className={mergeClasses(styles.item, styles.action)}
              onClick={() => {
                setOpen(false);
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
