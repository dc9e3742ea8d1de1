import { Button, MessageBar, MessageBarActions, MessageBarBody, type MessageBarIntent } from '@fluentui/react-components';
import type { ReactNode } from 'react';

type Message = string | null | undefined;

/** One message in a bar of `intent`, read out as `role` says; nothing when there is no message. */
function TextBar({
  message,
  intent,
  role,
  actions,
}: {
  message: Message;
  intent: MessageBarIntent;
  role: 'alert' | 'status';
  actions?: ReactNode;
}) {
  if (!message) return null;
  return (
    <MessageBar intent={intent} role={role}>
      <MessageBarBody>{message}</MessageBarBody>
      {actions && <MessageBarActions>{actions}</MessageBarActions>}
    </MessageBar>
  );
}

/**
 * A failure in a red bar above a form or a list, read out as it appears (role alert). With
 * `onRetry`, a Try again button (a read that failed).
 */
export function ErrorBar({ message, onRetry }: { message: Message; onRetry?: () => void }) {
  const retry = onRetry && (
    <Button size="small" onClick={onRetry}>
      Try again
    </Button>
  );
  return <TextBar message={message} intent="error" role="alert" actions={retry} />;
}

/** Something to know before going on, in a neutral bar, read out politely (role status). */
export function NoticeBar({ message }: { message: Message }) {
  return <TextBar message={message} intent="info" role="status" />;
}

/** What just worked, in a green bar, read out politely (role status). */
export function SuccessBar({ message }: { message: Message }) {
  return <TextBar message={message} intent="success" role="status" />;
}
