/** Spec §3 Chat message: a sequential id within one visit, the text, who said it and when. */
export interface ChatMessage {
  id: number;
  text: string;
  sender: 'bot' | 'user';
  timestamp: Date;
}

/** Spec §4: closed, open, or minimised (header and quick actions only). */
export type ChatView = 'closed' | 'open' | 'minimised';
