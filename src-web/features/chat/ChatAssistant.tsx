import { useRef, useState } from 'react';
import { LazyPart } from '../../components/LazyPart.tsx';
import { retryableLazy } from '../../components/retryable-lazy.ts';
import type { ChatView } from './chat-types.ts';
import styles from './ChatAssistant.module.css';

/**
 * The panel and its rules load on the first open, so the button costs every page almost
 * nothing. A load that failed is tried again by the notice's Try again, or at the next open.
 */
const chatPanel = retryableLazy(() => import('./ChatPanel.tsx').then((module) => module.ChatPanel));

const PANEL_ID = 'chat-assistant-panel';

/** The floating chat button at the bottom right of every page. */
export function ChatAssistant() {
  const [view, setView] = useState<ChatView>('closed');
  // Once opened, the panel stays mounted while closed, so the conversation survives.
  const [opened, setOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const open = view !== 'closed';

  const toggle = () => {
    setOpened(true);
    setView((current) => (current === 'closed' ? 'open' : 'closed'));
  };
  const close = () => {
    setView('closed');
    buttonRef.current?.focus();
  };

  return (
    <>
      {opened && (
        // The launcher's aria-controls names this box, there whether the panel arrived or its
        // failure notice stands in its place (an id naming nothing is invalid ARIA).
        <div id={PANEL_ID} className={styles.panelBox}>
          <LazyPart
            part={chatPanel}
            props={{ id: `${PANEL_ID}-dialog`, view, onViewChange: setView, onClose: close }}
            failure="The assistant could not be loaded. Check your connection and try again."
            onDismiss={close}
            open={open}
            fallback={
              <div className={styles.notice} role="status">
                Loading the assistant…
              </div>
            }
          />
        </div>
      )}
      <button
        ref={buttonRef}
        type="button"
        className={styles.launcher}
        aria-label={open ? 'Close chat assistant' : 'Open chat assistant'}
        aria-expanded={open}
        aria-controls={opened ? PANEL_ID : undefined}
        onClick={toggle}
      >
        <svg width="28" height="28" viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable="false">
          {open ? (
            <path d="m4.4 4.55.07-.08a.75.75 0 0 1 .98-.07l.08.07L12 10.94l6.47-6.47a.75.75 0 1 1 1.06 1.06L13.06 12l6.47 6.47c.27.27.3.68.07.98l-.07.08a.75.75 0 0 1-.98.07l-.08-.07L12 13.06l-6.47 6.47a.75.75 0 0 1-1.06-1.06L10.94 12 4.47 5.53a.75.75 0 0 1-.07-.98l.07-.08z" />
          ) : (
            <path d="M12 2a10 10 0 1 1-4.64 18.86l-4.3 1.12a.85.85 0 0 1-1.04-1.04l1.12-4.3A10 10 0 0 1 12 2m0 1.5a8.5 8.5 0 0 0-7.32 12.83l.15.26-.88 3.46 3.47-.88.26.15A8.5 8.5 0 1 0 12 3.5M8.75 13h4.5a.75.75 0 0 1 .1 1.5h-4.6a.75.75 0 0 1-.1-1.5zm0-3.5h6.5a.75.75 0 0 1 .1 1.5h-6.6a.75.75 0 0 1-.1-1.5z" />
          )}
        </svg>
      </button>
    </>
  );
}
