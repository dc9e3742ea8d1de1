import type { AffiliateApplicationFields } from '../../../src-shared/domain/affiliate.ts';

/** Sends an application; true when the server stored it. Never throws. */
export async function submitAffiliateApplication(application: AffiliateApplicationFields): Promise<boolean> {
  try {
    const response = await fetch('/api/affiliates/applications', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(application),
    });
    if (!response.ok) console.error('The affiliate application was refused:', response.status, await response.text());
    return response.ok;
  } catch (error) {
    console.error('The affiliate application could not be sent:', error);
    return false;
  }
}
