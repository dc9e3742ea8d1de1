import { useEffect, useRef, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { INTERFACE } from '../../../src-shared/domain/constants.ts';
import type { ChatLink, ChatView } from './chat-types.ts';
import styles from './ChatPanel.module.css';
import { QUICK_ACTIONS } from './reply-rules.ts';
import { useChat } from './use-chat.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

interface ChatPanelProps {
  id: string;
  view: ChatView;
  onViewChange(view: ChatView): void;
  onClose(): void;
}

/** Where the panel takes most of the screen (ChatPanel.module.css's phone layout). */
const PHONE_WIDTH = '(max-width: 599px)';
/**
 * The chat panel, 360 × 500 px. Minimised, it keeps only its header and the two quick
 * actions, which expand it again and send their text after 100 ms.
 */
export function ChatPanel({ id, view, onViewChange, onClose }: ChatPanelProps) {
  const chat = useChat();
  const inputRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLLIElement>(null);
  const minimised = view === 'minimised';
  const lastReply = chat.messages.findLast((message) => message.sender === 'bot');

  useEffect(() => {
    if (view === 'open') inputRef.current?.focus();
  }, [view]);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [chat.messages.length, chat.typing, view]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    chat.send(chat.input);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };
  const quickAction = (text: string) => {
    onViewChange('open');
    chat.sendSoon(text);
  };
  // On a phone the panel, even minimised, covers the page a reply's link opens (the contact
  // form's fields): it closes, the conversation kept for the launcher to open again. Beside a
  // laptop's page it stays open.
  const closeOnPhone = () => {
    if (window.matchMedia(PHONE_WIDTH).matches) onViewChange('closed');
  };

  return (
    <section
      id={id}
      className={styles.panel}
      data-view={view}
      hidden={view === 'closed'}
      aria-labelledby={`${id}-title`}
      onKeyDown={onKeyDown}
      style={minimised ? undefined : { height: INTERFACE.chatPanel.heightPx }}
    >
      <header className={styles.header}>
        <span className={styles.avatar} aria-hidden>
          HA
        </span>
        <div className={styles.headerText}>
          <h2 id={`${id}-title`} className={styles.title}>
            HireAssist Assistant
          </h2>
          <p className={styles.subtitle}>Ask about pricing or a demo</p>
        </div>
        <button
          type="button"
          className={styles.headerButton}
          aria-label={minimised ? 'Expand chat' : 'Minimise chat'}
          onClick={() => onViewChange(minimised ? 'open' : 'minimised')}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" fill="currentColor" aria-hidden focusable="false">
            {minimised ? (
              <path d="M4.15 12.35a.5.5 0 0 0 .7 0L10 7.21l5.15 5.14a.5.5 0 0 0 .7-.7l-5.5-5.5a.5.5 0 0 0-.7 0l-5.5 5.5a.5.5 0 0 0 0 .7" />
            ) : (
              <path d="M3.5 10c0-.28.22-.5.5-.5h12a.5.5 0 0 1 0 1H4a.5.5 0 0 1-.5-.5" />
            )}
          </svg>
        </button>
        <button type="button" className={styles.headerButton} aria-label="Close chat" onClick={onClose}>
          <svg width="20" height="20" viewBox="0 0 20 20" fill="currentColor" aria-hidden focusable="false">
            <path d="m4.09 4.22.06-.07a.5.5 0 0 1 .63-.06l.07.06L10 9.29l5.15-5.14a.5.5 0 0 1 .63-.06l.07.06c.18.17.2.44.06.63l-.06.07L10.71 10l5.14 5.15c.18.17.2.44.06.63l-.06.07a.5.5 0 0 1-.63.06l-.07-.06L10 10.71l-5.15 5.14a.5.5 0 0 1-.63.06l-.07-.06a.5.5 0 0 1-.06-.63l.06-.07L9.29 10 4.15 4.85a.5.5 0 0 1-.06-.63l.06-.07z" />
          </svg>
        </button>
      </header>

      {minimised ? (
        <div className={styles.quickActions}>
          {QUICK_ACTIONS.map((action) => (
            <button key={action.text} type="button" className={styles.quickAction} onClick={() => quickAction(action.text)}>
              {action.label}
            </button>
          ))}
        </div>
      ) : (
        <>
          <ol className={styles.messages} aria-label="Conversation">
            {chat.messages.map((message) => (
              <li key={message.id} className={styles.message} data-sender={message.sender}>
                <span className="visually-hidden">{message.sender === 'bot' ? 'Assistant:' : 'You:'} </span>
                <p className={styles.bubble}>{message.text}</p>
                {message.link && <ReplyLink link={message.link} onFollow={closeOnPhone} />}
                <time className={styles.time} dateTime={message.timestamp.toISOString()}>
                  {timeFormat.format(message.timestamp)}
                </time>
              </li>
            ))}
            {chat.typing && (
              <li className={styles.message}>
                <p className={`${styles.bubble} ${styles.typing}`}>
                  <span className="visually-hidden">The assistant is typing</span>
                  <span className={styles.dot} aria-hidden />
                  <span className={styles.dot} aria-hidden />
                  <span className={styles.dot} aria-hidden />
                </p>
              </li>
            )}
            <li ref={endRef} className={styles.end} aria-hidden />
          </ol>
          <form className={styles.composer} onSubmit={onSubmit}>
            <label htmlFor={`${id}-input`} className="visually-hidden">
              Your message
            </label>
            <input
              ref={inputRef}
              id={`${id}-input`}
              className={styles.input}
              value={chat.input}
              onChange={(event) => chat.setInput(event.target.value)}
              placeholder="Type your message…"
              autoComplete="off"
              maxLength={500}
            />
            <button type="submit" className={styles.send} aria-label="Send message" disabled={chat.input.trim() === ''}>
              <svg width="20" height="20" viewBox="0 0 20 20" fill="currentColor" aria-hidden focusable="false">
                <path d="M2.72 2.05 17.3 9.1a1 1 0 0 1 0 1.8L2.72 17.95a.5.5 0 0 1-.7-.58L3.96 10 2.02 2.63a.5.5 0 0 1 .7-.58M4.8 10.5l-1.5 5.68L15.98 10 3.3 3.82 4.8 9.5H11a.5.5 0 0 1 0 1z" />
              </svg>
            </button>
          </form>
        </>
      )}
      {/*
        Screen readers hear each reply as it arrives, once (the list itself is not live). Each
        reply is a new node, keyed by its id: the same words again (the same question asked
        twice) would otherwise change nothing in the region, and be heard no more.
      */}
      <div className="visually-hidden" aria-live="polite" aria-atomic>
        {lastReply && lastReply.id > 0 && <p key={lastReply.id}>{lastReply.text}</p>}
      </div>
    </section>
  );
}

/**
 * A real link to the page a reply names; inside the app it navigates without a page load and
 * hands the contact form its subject, as the 'Schedule a Demo' button does. `onFollow` runs
 * once the app has gone there (not for a link opened in a new tab or window).
 */
function ReplyLink({ link, onFollow }: { link: ChatLink; onFollow(): void }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(link.to, link.subject ? { state: { subject: link.subject } } : undefined);
    onFollow();
  };
  return (
    <a className={styles.replyLink} href={link.to} onClick={onClick}>
      {link.label}
    </a>
  );
}
