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

  // Every rule, asked as visitors ask it: each phrasing must get the answer about its own topic,
  // told apart by a few words only that answer says.
  describe.each([
    ['hours', HOURS, ['What are your business hours?', 'Are you open on weekends?', 'When can I reach you?']],
    [
      'demo',
      'Demo Request',
      ['Can I schedule a demonstration?', "I'd like a walkthrough of the product", 'Can I book a call with you?'],
    ],
    ['pricing', 'Pricing page', ['What does it cost?', 'Do you have monthly subscriptions?', 'Is it expensive?']],
    ['trial', 'free 30-minute demo', ['Can I try it for free?', 'How do I sign up?', 'Do you offer a trial?']],
    ['process', 'five steps', ['How does this work?', 'What are the steps?', 'Walk me through the workflow']],
    [
      'integrations',
      'applicant tracking system',
      ['Does it connect to LinkedIn?', 'Do you have an API?', 'Can it integrate with Greenhouse?'],
    ],
    ['bias', 'bias-free', ['How do you avoid bias in hiring?', 'Is the screening fair?', 'Does it discriminate?']],
    [
      'data sources',
      'candidate profiles, both active',
      ['Where do candidates come from?', 'How big is your talent pool?', 'Do you find passive candidates?'],
    ],
    [
      'resumes',
      'No more reading every resume',
      ['Can it screen resumes for me?', 'Will it read CVs?', 'Can it shortlist applicants?'],
    ],
    ['speed', '80% faster', ['How long does it take to hire?', 'How quickly can I fill a role?', 'Will it speed up hiring?']],
    [
      'guarantee',
      'hiring guarantee',
      ['Do you offer a refund?', 'What if I do not hire anyone, is there a guarantee?', 'Is there any risk?'],
    ],
    [
      'recruiters',
      'professional recruiting firm',
      ['Are you a recruiting agency?', 'Who are you?', 'How much experience do your recruiters have?'],
    ],
    [
      'human',
      'a member of our team will get back to you',
      ['Can I talk to a real person?', 'I need a human', 'Is there a representative I can chat with?'],
    ],
    ['contact', 'info@hireassist.ai', ['How can I contact you?', "What's your email?", 'Can I phone you?']],
    ['about', 'AI hiring assistant', ['What is HireAssist?', 'Tell me about the platform', 'What features do you have?']],
    ['thanks', "You're welcome!", ['Thank you!', 'Great, cheers', 'Perfect']],
    ['greeting', 'How can I help you today?', ['Hi there', 'Hey', 'Good morning']],
    [
      'security',
      'encrypted in transit',
      ['Is my data secure?', 'How do you protect my data?', 'Is my information safe with you?'],
    ],
    [
      'location',
      '501 E Kennedy Blvd, Suite 1400, Tampa, FL 33602',
      ['Where are you located?', 'Where is your office?', "What's your address?", 'Where are you based?'],
    ],
  ] as const)('the %s rule', (_topic, expected, phrasings) => {
    it.each(phrasings)('answers “%s” about its topic', (question) => {
      expect(replyTo(question).text).toContain(expected);
    });
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
