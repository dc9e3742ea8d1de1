import { MessageBar, MessageBarBody } from '@fluentui/react-components';

/**
 * A failure in a red bar above a form or a list, read out as it appears (role alert); nothing
 * when there is none.
 */
export function ErrorBar({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{message}</MessageBarBody>
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
