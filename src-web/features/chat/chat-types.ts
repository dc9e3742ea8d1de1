/** A page a reply points to, with the contact form's subject when it goes there. */
export interface ChatLink {
  label: string;
  to: string;
  subject?: string;
}

/** One answer of the assistant: its text and, when it names a page, a link there. */
export interface ChatReply {
  text: string;
  link?: ChatLink;
}

/** A chat message: a sequential id within one visit, the text, who said it and when (and a reply's link). */
export interface ChatMessage {
  id: number;
  text: string;
  link?: ChatLink;
  sender: 'bot' | 'user';
  timestamp: Date;
}

/** The chat window: closed, open, or minimised (header and quick actions only). */
export type ChatView = 'closed' | 'open' | 'minimised';
