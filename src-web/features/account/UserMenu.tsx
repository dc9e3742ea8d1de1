import {
  Avatar,
  Badge,
  Caption1,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  Button,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowExitRegular,
  BoardRegular,
  ChevronDownRegular,
  OpenRegular,
  PaymentRegular,
  PersonRegular,
  SettingsRegular,
  ShieldLockRegular,
} from '@fluentui/react-icons';
import type { JSX } from 'react';
import { useNavigate } from 'react-router-dom';
import { initials } from '../../../src-shared/domain/accounts/user.ts';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { ACCOUNT_LINKS } from './account-links.ts';

const useStyles = makeStyles({
  trigger: { minWidth: 0, paddingLeft: tokens.spacingHorizontalXS, columnGap: tokens.spacingHorizontalS },
  name: {
    maxWidth: '160px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    // Out of sight on a phone (the avatar's initials stand for it) but still the button's name.
    '@media (max-width: 599px)': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
    },
  },
  header: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    maxWidth: '260px',
  },
  // A name of one long word wraps, rather than run past the menu's edge.
  fullName: { overflowWrap: 'anywhere' },
  email: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis' },
  badges: { display: 'flex', gap: tokens.spacingHorizontalXS, marginTop: tokens.spacingVerticalXS },
});

const ICONS: Record<(typeof ACCOUNT_LINKS)[number]['to'], JSX.Element> = {
  [PATHS.dashboard]: <BoardRegular />,
  [PATHS.profile]: <PersonRegular />,
  [PATHS.subscription]: <PaymentRegular />,
  [PATHS.settings]: <SettingsRegular />,
  [PATHS.security]: <ShieldLockRegular />,
};

/** The signed-in user's menu in the header; loaded only once someone is signed in. */
export function UserMenu() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { user, signOut, accessPartnerPlatform } = useAuth();
  if (!user) return null;
  const letters = initials(user);
  return (
    // Fixed like the header it hangs from: an absolute popover scrolls with the page for a
    // frame before it is placed again, so a click during a scroll could land on the header.
    <Menu positioning={{ position: 'below', align: 'end', strategy: 'fixed' }}>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          className={styles.trigger}
          icon={<Avatar initials={letters} name={user.name} color="brand" size={28} aria-hidden />}
        >
          {/* The name is the button's accessible name, as it is its visible text (WCAG 2.5.3). */}
          <span className={styles.name}>{user.name}</span> <span className="visually-hidden">account menu</span>
          <ChevronDownRegular aria-hidden />
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <div className={styles.header} role="group" aria-label="Signed in as">
          <Text weight="semibold" className={styles.fullName}>
            {user.name}
          </Text>
          <Caption1 className={styles.email}>{user.email}</Caption1>
          <div className={styles.badges}>
            {user.emailVerified && (
              <Badge appearance="tint" color="success" size="small">
                Verified
              </Badge>
            )}
            {user.mfaEnabled && (
              <Badge appearance="tint" color="brand" size="small">
                2FA
              </Badge>
            )}
          </div>
        </div>
        <MenuDivider />
        <MenuList>
          {ACCOUNT_LINKS.map((entry) => (
            <MenuItem key={entry.to} icon={ICONS[entry.to]} onClick={() => void navigate(entry.to)}>
              {entry.label}
            </MenuItem>
          ))}
          <MenuItem icon={<OpenRegular />} onClick={() => void accessPartnerPlatform()}>
            Access Partner Platform
          </MenuItem>
          <MenuDivider />
          <MenuItem icon={<ArrowExitRegular />} onClick={() => void signOut()}>
            Sign Out
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
