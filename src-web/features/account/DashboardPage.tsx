import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  makeStyles,
  ProgressBar,
  Subtitle1,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowExitRegular,
  BriefcaseRegular,
  CheckmarkStarburstRegular,
  PeopleRegular,
  ShieldCheckmarkRegular,
} from '@fluentui/react-icons';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { guarded } from './pages.tsx';
import { useAuth } from '../auth/auth-context.tsx';
import { DASHBOARD_SAMPLES } from './dashboard-samples.ts';
import { usePageStyles } from './page-styles.ts';

const ICONS = [PeopleRegular, BriefcaseRegular, CheckmarkStarburstRegular, ShieldCheckmarkRegular];

const useStyles = makeStyles({
  sample: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground2,
  },
  stats: {
    display: 'grid',
    gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalL,
    '@media (max-width: 900px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    '@media (max-width: 420px)': { gridTemplateColumns: '1fr' },
  },
  stat: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalL },
  statIcon: { color: tokens.colorBrandForeground1, fontSize: '28px' },
  statValue: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightBold, lineHeight: tokens.lineHeightHero800 },
  // At the card's foot: the notes of a row line up when one title wraps to two lines (a phone's two columns).
  statNote: { marginTop: 'auto' },
  bar: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  barLabel: { display: 'flex', justifyContent: 'space-between' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  activity: {
    display: 'flex',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    ':last-child': { borderBottomStyle: 'none' },
  },
  when: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
});

/** /dashboard: a greeting, four stat cards, performance bars and recent activities. */
export function DashboardPage() {
  const page = usePageStyles();
  const styles = useStyles();
  const { user, signOut } = useAuth();
  useDocumentTitle('Dashboard');
  return (
    <div className={page.page}>
      <div className={page.header}>
        <div className={page.heading}>
          <Title2 as="h1" className={page.title}>
            Welcome back, {user?.name || 'User'}
          </Title2>
          <Body1 className={page.subtitle}>Here is how your hiring is going.</Body1>
        </div>
        <Button icon={<ArrowExitRegular />} onClick={() => void signOut()}>
          Sign Out
        </Button>
      </div>

      {/* The figures are the same illustrative samples for everyone: said so, so no one reads them as their own. */}
      <p className={styles.sample}>
        <Badge appearance="tint" color="informative">
          Sample data
        </Badge>
        <Caption1>These figures are examples; your own will appear here once your first searches run.</Caption1>
      </p>

      <section className={styles.stats} aria-label="Statistics">
        {DASHBOARD_SAMPLES.stats.map((stat, i) => {
          const Icon = ICONS[i] ?? PeopleRegular;
          return (
            <Card key={stat.label} className={styles.stat}>
              <Icon className={styles.statIcon} aria-hidden />
              <Text className={styles.statValue}>{stat.value}</Text>
              <Subtitle1 as="h2">{stat.label}</Subtitle1>
              <Caption1 className={styles.statNote}>{stat.note}</Caption1>
            </Card>
          );
        })}
      </section>

      <div className={page.grid2}>
        <Card className={page.card}>
          <Subtitle1 as="h2">Recruitment Performance</Subtitle1>
          {DASHBOARD_SAMPLES.performance.map((bar) => (
            <div key={bar.label} className={styles.bar}>
              <div className={styles.barLabel}>
                <Text>{bar.label}</Text>
                <Text weight="semibold">{bar.percent}%</Text>
              </div>
              <ProgressBar value={bar.percent / 100} thickness="large" aria-label={`${bar.label} ${bar.percent}%`} />
            </div>
          ))}
        </Card>
        <Card className={page.card}>
          <Subtitle1 as="h2">Recent Activities</Subtitle1>
          <ul className={styles.list}>
            {DASHBOARD_SAMPLES.activities.map((activity) => (
              <li key={activity.text} className={styles.activity}>
                <Text>{activity.text}</Text>
                <Caption1 className={styles.when}>{activity.when}</Caption1>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}

/** The page behind its sign-in guard, as the router mounts it. */
export const DashboardRoute = guarded(DashboardPage);
