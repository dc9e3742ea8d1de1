import type { AuditEvent, AuditEventType } from '../domain/audit.ts';

/** What each event type is called in the audit screen's type filter. */
export const AUDIT_TYPE_LABELS: Record<AuditEventType, string> = {
  'customer.login': 'Customer sign-in',
  'customer.login.failed': 'Refused customer sign-in',
  'customer.token.refresh': 'Session renewed',
  'customer.password.change': 'Password changed',
  'customer.password.reset': 'Password reset',
  'customer.profile.update': 'Profile changed',
  'customer.email.verify': 'Email address confirmed',
  'customer.logout': 'Customer signed out everywhere',
  'customer.account.delete': 'Account deleted',
  'admin.login': 'Operator sign-in',
  'admin.login.failed': 'Refused operator sign-in',
  'admin.logout': 'Operator sign-out',
  'admin.sessions.revoke-all': 'All operator sessions ended',
  'admin.user.enable': 'User enabled',
  'admin.user.disable': 'User disabled',
  'admin.user.delete': 'User deleted',
  'admin.user.invite': 'User invited',
  'admin.user.group.add': 'User added to a group',
  'admin.user.group.remove': 'User removed from a group',
  'admin.export': 'CSV export',
  'admin.mail.retry': 'Mail sent again',
  'admin.blog.page.save': 'Blog page saved',
};

const METHODS: Record<string, string> = { password: 'a password', google: 'Google', microsoft: 'Microsoft' };
const FIELDS: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  email: 'email address',
  phoneNumber: 'phone number',
};
const USER_ACTIONS: Record<string, [done: string, tried: string]> = {
  'admin.user.enable': ['enabled', 'enable'],
  'admin.user.disable': ['disabled', 'disable'],
  'admin.user.delete': ['deleted', 'delete'],
  'admin.user.invite': ['invited', 'invite'],
};

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Who did it, as the operator reads it: the customer's address, or the operator. */
function actorName(event: AuditEvent): string {
  if (event.actor === 'admin') return 'The operator';
  return event.actorEmail ?? (event.actor === 'unknown' ? 'Someone' : 'A customer');
}

function describeChanges(changes: unknown, pending: boolean): string {
  if (typeof changes !== 'object' || changes === null) return 'changed their profile';
  const parts = Object.entries(changes as Record<string, { old?: unknown; new?: unknown }>).map(([field, change]) => {
    const name = FIELDS[field] ?? field;
    const from = text(change.old) ?? '(empty)';
    const to = text(change.new) ?? '(empty)';
    return `${name} from “${from}” to “${to}”${field === 'email' && pending ? ' (pending confirmation)' : ''}`;
  });
  return parts.length > 0 ? `changed their ${parts.join(', ')}` : 'changed their profile';
}

/**
 * One sentence that says what happened, such as "dana@example.com signed in with Google"
 * or "The operator disabled lena@example.com". Unknown types fall back to their name.
 */
export function describeAuditEvent(event: AuditEvent): string {
  const who = actorName(event);
  const details = event.details;
  const subject = event.subjectEmail ?? event.subject ?? 'a user';
  switch (event.eventType) {
    case 'customer.login':
      return `${who} signed in with ${METHODS[text(details.provider) ?? 'password'] ?? 'a password'}`;
    case 'customer.login.failed': {
      const tried = event.actorEmail ?? text(details.login) ?? 'an unknown name';
      const why = text(details.message);
      return `A sign-in as ${tried} was refused${why ? `: ${why}` : ''}`;
    }
    case 'customer.token.refresh':
      return `${who} renewed their session`;
    case 'customer.password.change':
      return `${who} changed their password`;
    case 'customer.password.reset':
      return `${who} reset their password with an emailed code`;
    case 'customer.profile.update':
      return `${who} ${describeChanges(details.changes, details.emailPendingVerification === true)}`;
    case 'customer.email.verify': {
      const change = (details.changes as { email?: { new?: unknown } } | undefined)?.email;
      return `${who} confirmed the email address ${text(change?.new) ?? ''}`.trimEnd();
    }
    case 'customer.logout':
      return `${who} signed out on every device`;
    case 'customer.account.delete':
      return 'A customer deleted their account';
    case 'admin.login':
      return 'The operator signed in';
    case 'admin.login.failed':
      return 'A wrong operator password was tried';
    case 'admin.logout':
      return 'The operator signed out';
    case 'admin.sessions.revoke-all':
      return 'The operator signed out every admin session';
    case 'admin.export': {
      const dataset = event.subject ?? 'records';
      // A dropped or failed streamed export is recorded too, with the rows it had sent.
      if (details.completed === false) return `A CSV export of ${dataset} stopped after ${Number(details.rowCount) || 0} rows`;
      const rows = typeof details.rowCount === 'number' ? `${details.rowCount} ` : '';
      return `The operator exported ${rows}${dataset} as CSV`;
    }
    case 'admin.mail.retry':
      return `The operator put failed mail #${event.subject ?? '?'} back in the queue`;
    case 'admin.blog.page.save':
      return `The operator saved the static page of the blog post ${event.subject ?? '?'}`;
    case 'admin.user.group.add':
    case 'admin.user.group.remove': {
      const group = text(details.group) ?? 'a group';
      const [verb, tried, preposition] =
        event.eventType === 'admin.user.group.add' ? ['added', 'add', 'to'] : ['removed', 'remove', 'from'];
      if (details.outcome === 'failed') return `The operator tried to ${tried} ${subject} ${preposition} ${group}, which failed`;
      return `The operator ${verb} ${subject} ${preposition} ${group}`;
    }
    default: {
      const action = USER_ACTIONS[event.eventType];
      if (!action) return event.eventType;
      const [done, tried] = action;
      if (details.outcome === 'failed') return `The operator tried to ${tried} ${subject}, which failed`;
      return `The operator ${done} ${subject}`;
    }
  }
}
