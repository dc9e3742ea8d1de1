import { describe, expect, it } from 'vitest';
import features from '../../../content/marketing/features.json';
import { splitFeatureText } from '../../../src-web/features/marketing/features/split-feature-text.ts';

describe('a feature card’s source text is split at the dash into title and description', () => {
  it('splits at the first spaced dash only', () => {
    expect(splitFeatureText('Bias-Free Evaluation - Scores rest on skills - never on names.')).toEqual({
      title: 'Bias-Free Evaluation',
      description: 'Scores rest on skills - never on names.',
    });
  });

  it('accepts en and em dashes and keeps text without a separator as the title', () => {
    expect(splitFeatureText('Match Rating – From 1 to 10')).toEqual({ title: 'Match Rating', description: 'From 1 to 10' });
    expect(splitFeatureText('Hire faster — today')).toEqual({ title: 'Hire faster', description: 'today' });
    expect(splitFeatureText('AI-Enhanced Summaries')).toEqual({ title: 'AI-Enhanced Summaries', description: '' });
  });

  it('gives every card of the Features copy a title and a description', () => {
    for (const card of features.cards) {
      const { title, description } = splitFeatureText(card.text);
      expect(title.length).toBeGreaterThan(3);
      expect(description.length).toBeGreaterThan(20);
    }
  });
});
