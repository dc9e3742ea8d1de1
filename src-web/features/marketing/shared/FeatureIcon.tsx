import {
  BrainIcon,
  DocumentIcon,
  FilterIcon,
  GlobeIcon,
  PeopleSearchIcon,
  PersonStarIcon,
  RocketIcon,
  ShieldIcon,
  SparkleIcon,
} from '../../../components/page-icons.tsx';
import { cx } from '../../../components/button-styles.ts';
import styles from './marketing.module.css';

/** The icon names the copy in content/marketing may use. */
const ICONS = {
  document: DocumentIcon,
  brain: BrainIcon,
  people: PeopleSearchIcon,
  rating: PersonStarIcon,
  filter: FilterIcon,
  globe: GlobeIcon,
  shield: ShieldIcon,
  sparkle: SparkleIcon,
  rocket: RocketIcon,
} as const;

const COLORS = ['indigo', 'pink', 'teal', 'amber'] as const;
export type AccentColor = (typeof COLORS)[number];

/**
 * An icon in a tinted square; unknown names from the copy fall back to the sparkle. Without
 * `glyph`, the square alone, the same size (the home page's prerendered lower sections).
 */
export function FeatureIcon({ name, color = 'indigo', glyph = true }: { name: string; color?: string; glyph?: boolean }) {
  const Icon = ICONS[name as keyof typeof ICONS] ?? SparkleIcon;
  const accent = COLORS.find((candidate) => candidate === color) ?? 'indigo';
  return <span className={cx(styles.iconBadge, styles[accent])}>{glyph && <Icon size={26} />}</span>;
}

/** Cycles the accent colours for lists whose copy names none. */
export function accentAt(index: number): AccentColor {
  return COLORS[index % COLORS.length] ?? 'indigo';
}
