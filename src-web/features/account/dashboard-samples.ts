/** The dashboard's figures: hard-coded sample values, not fetched: the dashboard is a preview until real data exists. */
export const DASHBOARD_SAMPLES = {
  stats: [
    { label: 'Total Candidates', value: '1,247', note: '+12% this month' },
    { label: 'Active Jobs', value: '8', note: '3 closing this week' },
    { label: 'Placement Rate', value: '87%', note: '+5% vs last quarter' },
    { label: 'Security Score', value: '95%', note: 'Account protected' },
  ],
  performance: [
    { label: 'Applications', percent: 85 },
    { label: 'Interviews', percent: 62 },
    { label: 'Offers', percent: 38 },
    { label: 'Hires', percent: 24 },
  ],
  activities: [
    { text: 'New candidate matched for Senior Software Engineer', when: '2 hours ago' },
    { text: 'Interview scheduled with Jordan Lee', when: '5 hours ago' },
    { text: 'Job posting published to 75+ job boards', when: 'Yesterday' },
    { text: 'Offer accepted for Marketing Manager', when: '3 days ago' },
  ],
} as const;
