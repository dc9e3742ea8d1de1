import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';

/**
 * A failure in a red bar above a form or a list, read out as it appears (role alert); nothing
 * when there is none. With `onRetry`, a Try again button (a read that failed).
 */
export function ErrorBar({ message, onRetry }: { message: string | null | undefined; onRetry?: () => void }) {
  if (!message) return null;
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{message}</MessageBarBody>
      {onRetry && (
        <MessageBarActions>
          <Button size="small" onClick={onRetry}>
            Try again
          </Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}

/** Something to know before going on, in a neutral bar, read out politely (role status); nothing when there is none. */
export function NoticeBar({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <MessageBar intent="info" role="status">
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  );
}

/** What just worked, in a green bar, read out politely (role status); nothing when there is none. */
export function SuccessBar({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <MessageBar intent="success" role="status">
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  );
}
