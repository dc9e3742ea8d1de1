import { describe, expect, it } from 'vitest';
import { FALLBACK, GREETING, QUICK_ACTIONS, replyTo } from '../../../src-web/features/chat/reply-rules.ts';

const HOURS = 'Monday to Friday, 9am to 5pm';

describe('the chat assistant’s reply rules', () => {
  it.each([
    ['What are your hours?', HOURS],
    ['When are you OPEN?', HOURS],
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
    expect(replyTo(question).text).toContain(expected);
  });

  it.each([
    'What are your opening times?',
    'Are you open on Saturday?',
    'Are you open until 6pm?',
    'Are you closed on weekends?',
    'What time do you close?',
    'When is your team available?',
    'Is someone available at 8:30 tomorrow?',
    'Are you available on Monday?',
    'Will anyone be available tomorrow morning?',
    "What's your availability?",
    'When can I call you?',
  ])('answers “%s” with the business hours', (question) => {
    expect(replyTo(question).text).toContain(HOURS);
  });

  it.each([
    // "open" and "available" alone ask nothing about hours: here a visitor is hiring, or asking where the product works.
    ['I have two open positions, can you find candidates?', 'the AI scores each candidate'],
    ['Is it available on 75+ job boards?', 'distributes your posting to 75+ job boards'],
    ['Is this available in Canada?', FALLBACK],
    // Available on a day, but asked of candidates rather than of the team.
    ['Are candidates available on Monday?', 'the AI scores each candidate'],
  ])('does not answer “%s” with the business hours', (question, expected) => {
    const { text } = replyTo(question);
    expect(text).not.toContain(HOURS);
    expect(text).toContain(expected);
  });

  it('prefers the topic most words point to', () => {
    // "cost" and "plan" point to pricing, "demo" to the demo: two against one.
    expect(replyTo('What does a plan cost after the demo?').text).toContain('Pricing page');
  });

  it('says the profile figure once, as the figure reads: “1 billion+”, never “over 1 billion+”', () => {
    // The figure already carries its "+", so a reply that also says "over" states it twice.
    const about = replyTo('Tell me about HireAssist').text;
    const sources = replyTo('Where does your data come from?').text;
    expect(about).toContain('searches 1 billion+ profiles');
    expect(sources).toContain('We search 1 billion+ candidate profiles');
    for (const reply of [about, sources]) expect(reply).not.toMatch(/over 1 billion/);
  });

  it('says politely that it did not catch anything else', () => {
    expect(replyTo('purple monkey dishwasher').text).toBe(FALLBACK);
    expect(FALLBACK).toContain("didn't catch that");
  });

  it('matches whole words only', () => {
    // "shoppers" contains "hop" and "opens" no whole keyword of any rule.
    expect(replyTo('shoppers').text).toBe(FALLBACK);
  });

  it('answers both quick actions and greets first', () => {
    expect(QUICK_ACTIONS.map((action) => action.text)).toEqual(['Tell me about HireAssist', "I'd like a demo"]);
    for (const action of QUICK_ACTIONS) expect(replyTo(action.text).text).not.toBe(FALLBACK);
    expect(GREETING).toMatch(/^Hi!/);
  });

  it('links a reply to the page it names, with the contact form’s subject set', () => {
    expect(replyTo('How much does it cost?').link).toEqual({ label: 'See pricing', to: '/pricing' });
    expect(replyTo('Can I book a demo?').link).toEqual({ label: 'Request a demo', to: '/contact', subject: 'Demo Request' });
    expect(replyTo('What is your email address?').link).toEqual({
      label: 'Open the contact form',
      to: '/contact',
      subject: 'Question from the chat assistant',
    });
    expect(replyTo('purple monkey dishwasher').link).toBeUndefined();
  });

  it('offers the contact form to a visitor who wants to talk to a human', () => {
    for (const question of ['I want to talk to a human', 'Can I speak to a real person?', 'talk to someone please']) {
      const reply = replyTo(question);
      expect(reply.text).toContain('contact form');
      expect(reply.link?.to).toBe('/contact');
    }
  });

  it('keeps the recruiters’ answer for questions about the recruiting firm', () => {
    expect(replyTo('Who are your recruiters?').link).toBeUndefined();
  });
});
