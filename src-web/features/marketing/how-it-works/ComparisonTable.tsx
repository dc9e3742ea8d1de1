import howItWorks from '../../../../content/marketing/how-it-works.json';
import styles from './ComparisonTable.module.css';

type Value = string | boolean;

/** A yes/no cell: a mark that is seen, and a word that is read (the mark alone says nothing to a screen reader). */
function Cell({ value }: { value: Value }) {
  if (typeof value === 'string') return <span>{value}</span>;
  return (
    <span className={value ? styles.yes : styles.no}>
      <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden focusable="false">
        {value ? (
          <>
            <circle cx="11" cy="11" r="11" fill="currentColor" />
            <path d="M6 11l4 4 7-8" stroke="#fff" strokeWidth="2.5" fill="none" />
          </>
        ) : (
          <path d="M5 5l12 12M17 5L5 17" stroke="currentColor" strokeWidth="2.5" />
        )}
      </svg>
      <span className="visually-hidden">{value ? 'Yes' : 'No'}</span>
    </span>
  );
}

/**
 * HireAssist against a networking recruiter seat and job boards, as a real table: its text
 * stays inside its columns whatever the font, screen readers read it cell by cell, and on a
 * phone each feature becomes a card of three labelled answers (the CSS), readable at 390 px.
 */
export function ComparisonTable() {
  const { caption, columns, rows } = howItWorks.comparison;
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <td />
          {columns.map((column, index) => (
            <th key={column} scope="col" className={index === 0 ? styles.ours : undefined}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.feature}>
            <th scope="row">{row.feature}</th>
            {(row.values as Value[]).map((value, index) => (
              <td key={columns[index]} data-label={columns[index]} className={index === 0 ? styles.ours : undefined}>
                <Cell value={value} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
