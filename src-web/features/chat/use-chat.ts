import { useCallback, useEffect, useRef, useState } from 'react';
import { INTERFACE } from '../../../src-shared/domain/constants.ts';
import type { ChatMessage, ChatReply } from './chat-types.ts';
import { GREETING, replyTo } from './reply-rules.ts';

/**
 * The conversation: a canned greeting first; on send the visitor's message is appended and
 * the input cleared, a typing indicator shows, and the reply follows after 1500 ms.
 */
export function useChat() {
  const nextId = useRef(1);
  const makeMessage = useCallback((reply: ChatReply, sender: ChatMessage['sender']): ChatMessage => {
    const id = nextId.current;
    nextId.current += 1;
    return { id, ...reply, sender, timestamp: new Date() };
  }, []);
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    { id: 0, text: GREETING, sender: 'bot', timestamp: new Date() },
  ]);
  const [input, setInput] = useState('');
  const [pendingReplies, setPendingReplies] = useState(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const later = useCallback((delayMs: number, action: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      action();
    }, delayMs);
    timers.current.add(timer);
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const send = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (!trimmed) return;
      const question = makeMessage({ text: trimmed }, 'user');
      setMessages((current) => [...current, question]);
      setInput('');
      setPendingReplies((count) => count + 1);
      later(INTERFACE.botReplyDelayMs, () => {
        const answer = makeMessage(replyTo(trimmed), 'bot');
        setMessages((current) => [...current, answer]);
        setPendingReplies((count) => count - 1);
      });
    },
    [later, makeMessage],
  );

  /** A quick action: the text appears in the input, then goes out after 100 ms. */
  const sendSoon = useCallback(
    (text: string) => {
      setInput(text);
      later(INTERFACE.quickActionSendDelayMs, () => send(text));
    },
    [later, send],
  );

  return { messages, input, setInput, typing: pendingReplies > 0, send, sendSoon };
}
