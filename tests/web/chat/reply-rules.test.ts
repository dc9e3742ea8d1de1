import { describe, expect, it } from 'vitest';
import { FALLBACK, GREETING, QUICK_ACTIONS, replyTo } from '../../../src-web/features/chat/reply-rules.ts';

describe('the chat assistant’s reply rules', () => {
  it.each([
    ['What are your hours?', 'Monday to Friday, 9am to 5pm'],
    ['When are you OPEN?', 'Monday to Friday, 9am to 5pm'],
    ['How much does it cost?', 'Pricing page'],
    ['What plans do you have', '$399 per posting'],
    ['Is there a free trial?', 'free 30-minute demo'],
    ['How does it work?', 'five steps'],
    ['Can you explain the process', 'posts the job to up to 75+ job boards'],
    ['Can I book a demo?', 'Demo Request'],
    ['Do you integrate with our ATS?', 'applicant tracking system'],
    ['Is the AI biased?', 'bias-free'],
    ['Is it fair to diverse candidates', 'match rating from 1 to 10'],
    ['Where does your data come from?', '1 billion+ candidate profiles'],
    ['Do I have to read every resume?', 'AI-enhanced talent summary'],
    ['How fast can I hire?', '80% faster'],
    ["What's the guarantee?", '$500 credit'],
    ['Who are your recruiters?', '50,000 placements for 7,000 clients in 20+ cities'],
    ['Tell me about HireAssist', 'AI hiring assistant'],
    ["I'd like a demo", '30 minutes'],
    ['What is your phone number?', '+1 (813) 555-0142'],
    ['hello', 'How can I help you today?'],
    ['thanks!', "You're welcome!"],
  ])('answers “%s” with the right topic', (question, expected) => {
    expect(replyTo(question)).toContain(expected);
  });

  it('prefers the topic most words point to', () => {
    // "cost" and "plan" point to pricing, "demo" to the demo: two against one.
    expect(replyTo('What does a plan cost after the demo?')).toContain('Pricing page');
  });

  it('says politely that it did not catch anything else', () => {
    expect(replyTo('purple monkey dishwasher')).toBe(FALLBACK);
    expect(FALLBACK).toContain("didn't catch that");
  });

  it('matches whole words only', () => {
    // "shoppers" contains "hop" and "opens" no whole keyword of any rule.
    expect(replyTo('shoppers')).toBe(FALLBACK);
  });

  it('answers both quick actions and greets first', () => {
    expect(QUICK_ACTIONS.map((action) => action.text)).toEqual(['Tell me about HireAssist', "I'd like a demo"]);
    for (const action of QUICK_ACTIONS) expect(replyTo(action.text)).not.toBe(FALLBACK);
    expect(GREETING).toMatch(/^Hi!/);
  });
});
