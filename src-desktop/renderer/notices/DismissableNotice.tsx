import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  type MessageBarIntent,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';

interface DismissableNoticeProps {
  intent: MessageBarIntent;
  title: string;
  children: ReactNode;
  onDismiss(): void;
}

/**
 * Something the operator should read once and may then put away: an error is announced at
 * once (alert), anything else politely (status).
 */
export function DismissableNotice({ intent, title, children, onDismiss }: DismissableNoticeProps) {
  return (
    <MessageBar intent={intent} layout="multiline" role={intent === 'error' ? 'alert' : 'status'}>
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {children}
      </MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button appearance="transparent" aria-label={`Dismiss: ${title}`} icon={<DismissRegular />} onClick={onDismiss} />
        }
      />
    </MessageBar>
  );
}
