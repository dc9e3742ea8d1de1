import company from '../../../content/company.json';
import { BUSINESS_HOURS, MARKETING_FIGURES as F } from '../../../src-shared/domain/constants.ts';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { DEMO_REQUEST_SUBJECT } from '../marketing/shared/ScheduleDemoButton.tsx';
import type { ChatLink, ChatReply } from './chat-types.ts';

/**
 * The chat assistant's answers: local keyword rules, no calls. Each rule lists the words that
 * point to it; the rule matching most words answers, earlier rules win ties. A reply that
 * names a page links there.
 */
interface ReplyRule {
  topic: string;
  keywords: RegExp;
  reply: string;
  link?: ChatLink;
}

/** The subject the contact form starts with when a visitor comes from the chat. */
const CHAT_CONTACT_SUBJECT = 'Question from the chat assistant';

const CONTACT_LINK: ChatLink = { label: 'Open the contact form', to: PATHS.contact, subject: CHAT_CONTACT_SUBJECT };

export const GREETING =
  "Hi! I'm the HireAssist assistant. Ask me how the platform works, about pricing, our hours, or how to book a demo.";

export const FALLBACK =
  "Sorry, I didn't catch that. You can ask me about pricing, a trial, how the process works, integrations, bias-free evaluation, where candidates come from, or booking a demo.";

/** The two quick actions of the minimised panel, word for word what they send. */
export const QUICK_ACTIONS = [
  { label: 'Tell me about HireAssist', text: 'Tell me about HireAssist' },
  { label: "I'd like a demo", text: "I'd like a demo" },
] as const;

/** The office's address in one line, as the footer gives it. */
const ADDRESS = `${company.address.street}, ${company.address.city}, ${company.address.region} ${company.address.postalCode}`;

/** A day or a clock time, as in "open on Saturday", "available at 8:30" or "closed until 9am". */
const DAY_OR_TIME = String.raw`(the )?((mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|weekdays?|holidays?|mornings?|evenings?|nights?)|today|tonight|tomorrow|noon|midnight|\d{1,2}(:\d\d)? ?(am|pm|o'clock)|\d{1,2}:\d\d`;

/** "on Monday", "at 8:30", "until 6pm", "tomorrow". */
const AT_DAY_OR_TIME = String.raw`((on|at|until|till|from|before|after|over|during) )?(${DAY_OR_TIME})`;

/** Who a visitor asks about when they ask about the team's hours. */
const THE_TEAM = String.raw`(you|your \w+|someone|anyone|somebody|anybody)`;

/**
 * "open" and "available" on their own are hiring words ("two open positions", "available in
 * Canada"), so the hours answer needs them in an hours-like phrase: open or closed with a day
 * or a time, available with one and asked of the team ("are candidates available on Monday?"
 * asks about candidates).
 */
const HOURS_KEYWORDS = new RegExp(
  String.raw`\b(hours?|opening times?|business days?|weekends?|when can i (call|reach)|your availability|` +
    String.raw`(when|what time) (are|is|do) ${THE_TEAM} (open|close|closed|available)|` +
    String.raw`(open|closed?) ${AT_DAY_OR_TIME}|${THE_TEAM} (be )?available ${AT_DAY_OR_TIME})\b`,
  'g',
);

const RULES: readonly ReplyRule[] = [
  {
    topic: 'hours',
    keywords: HOURS_KEYWORDS,
    reply: `Our team is available ${BUSINESS_HOURS.chat}. Messages sent through the Contact page outside those hours are answered on the next business day.`,
  },
  {
    topic: 'demo',
    keywords: /\b(demo|demonstration|walk ?through|show me|presentation|call with)\b/g,
    reply: `We'd be glad to show you! A demo takes ${F.demoMinutes} minutes and runs on one of your own open roles. Open the Contact page, write "Demo Request" as the subject, and we'll schedule it with you.`,
    link: { label: 'Request a demo', to: PATHS.contact, subject: DEMO_REQUEST_SUBJECT },
  },
  {
    topic: 'pricing',
    keywords: /\b(price|prices|pricing|cost|costs|how much|plans?|subscriptions?|fees?|pay|billing|expensive|cheap)\b/g,
    reply: `Our plans are on the Pricing page. Every plan posts your job to ${F.jobBoards} job boards, a value of $${F.jobBoardPostingValueUsd} per posting, and our hiring guarantee applies: if you don't make a hire, you get a $${F.guaranteeCreditUsd} credit toward a fully managed search.`,
    link: { label: 'See pricing', to: PATHS.pricing },
  },
  {
    topic: 'trial',
    keywords: /\b(trial|try|free|test drive|sign ?up|get started)\b/g,
    reply: `The quickest way to try HireAssist is a free ${F.demoMinutes}-minute demo on one of your own open roles, so you see real candidates rather than a sample. When you're ready, "Get Started" on the home page creates your account.`,
  },
  {
    topic: 'process',
    keywords: /\b(how (does|do) (it|this|you) work|how it works|process|steps?|workflow|works?)\b/g,
    reply: `It takes five steps: 1) you provide the job description, 2) the AI analyses it, 3) it searches candidates and ranks them, 4) it filters them against the thresholds you set, with analytics, and 5) it posts the job to up to ${F.jobBoards} job boards. You review the top candidates and make the final decision.`,
  },
  {
    topic: 'integrations',
    keywords: /\b(integrat\w*|ats|applicant tracking|api|connect|linkedin|indeed|job boards?|export)\b/g,
    reply: `HireAssist distributes your posting to ${F.jobBoards} job boards for you, so there is nothing to set up for each board. If you'd like it to work alongside your applicant tracking system, our team will go through your setup during a demo.`,
  },
  {
    topic: 'bias',
    keywords: /\b(bias\w*|fair|fairness|divers\w*|discriminat\w*|equal|inclusive)\b/g,
    reply: `Candidates are evaluated bias-free: each one gets a match rating from ${F.matchRating.min} to ${F.matchRating.max} for the role and their qualifications only, plus an AI-enhanced talent summary. The final hiring decision is always yours.`,
  },
  {
    // Before the data sources: "Is my data secure?" names data too, and asks how it is kept, not where candidates come from.
    topic: 'security',
    keywords: /\b(secure|security|safe|safely|protect\w*|encrypt\w*|privacy|private|confidential\w*|gdpr|breach\w*|hack\w*)\b/g,
    reply: `Your data is protected: connections are encrypted in transit, passwords are stored only as salted, memory-hard hashes, and administrative access is limited and audited. Our Privacy Policy, linked at the foot of every page, says how we keep and use your data.`,
  },
  {
    topic: 'data sources',
    keywords: /\b(data|sources?|where do (the )?candidates come from|databases?|profiles?|passive|pool)\b/g,
    reply: `We search ${F.candidateProfiles} candidate profiles, both active job seekers and passive candidates who aren't applying anywhere yet, and we post your job to ${F.jobBoards} job boards to reach the rest.`,
  },
  {
    topic: 'resumes',
    keywords: /\b(resumes?|résumés?|cvs?|applications?|screen\w*|shortlist\w*|candidates?)\b/g,
    reply: `No more reading every resume: the AI scores each candidate against your job description, gives a match rating from ${F.matchRating.min} to ${F.matchRating.max} and an AI-enhanced talent summary, and filters by the thresholds you set, so you only review the top candidates.`,
  },
  {
    topic: 'speed',
    keywords: /\b(fast|faster|quick\w*|speed|how long|time to hire)\b/g,
    reply: `Teams using HireAssist hire ${F.fasterHiringPercent}% faster: the search, ranking and job posting that take a recruiter days happen in minutes.`,
  },
  {
    topic: 'guarantee',
    keywords: /\b(guarantee\w*|refund|credit|risk)\b/g,
    reply: `Our hiring guarantee: if you don't make a hire on the platform, a $${F.guaranteeCreditUsd} credit applies toward a fully managed search. It's backed by a ${F.hireRatePercent}% hire rate and ${F.yearsOfSuccess} years of success.`,
  },
  {
    topic: 'recruiters',
    keywords: /\b(recruiters?|agency|managed|experience|company|firm|who are you)\b/g,
    reply: `HireAssist is backed by a professional recruiting firm with ${F.firmYears} years of experience: ${F.placements} placements for ${F.clients} clients in ${F.cities} cities. You can also hire our recruiters by the hour.`,
  },
  {
    topic: 'human',
    keywords: /\b(humans?|real person|a person|someone|representative|agent|talk to (a|an|the|someone|somebody))\b/g,
    reply: `Of course! Send us a message from the contact form and a member of our team will get back to you, ${BUSINESS_HOURS.chat}.`,
    link: CONTACT_LINK,
  },
  {
    topic: 'contact',
    keywords: /\b(contact|email|phone|call|talk to|speak|reach)\b/g,
    reply: `You can reach our team at ${company.email} or ${company.phone}, or send a message from the Contact page.`,
    link: CONTACT_LINK,
  },
  {
    // After the contact: "email address" asks how to write to the team, not where it is.
    topic: 'location',
    keywords:
      /\b(located|location of (your|the) (company|team|office)|where are you|where is (your|the) (company|team|office)|based in|headquarter\w*|offices?|address)\b/g,
    reply: `Our office is at ${ADDRESS}. To visit us or talk with the team, send a message from the Contact page.`,
    link: CONTACT_LINK,
  },
  {
    topic: 'about',
    keywords: /\b(about|what is|what does|hireassist|product|platform|features?)\b/g,
    reply: `HireAssist is an AI hiring assistant: it reads your job description, searches ${F.candidateProfiles} profiles, ranks candidates with a match rating from ${F.matchRating.min} to ${F.matchRating.max} and posts your job to ${F.jobBoards} job boards, so you hire ${F.fasterHiringPercent}% faster. Want to see it? Just ask for a demo.`,
  },
  {
    topic: 'thanks',
    keywords: /\b(thanks?|thank you|cheers|great|awesome|perfect)\b/g,
    reply: "You're welcome! Is there anything else I can help you with?",
  },
  {
    topic: 'greeting',
    keywords: /\b(hi|hello|hey|good (morning|afternoon|evening))\b/g,
    reply: 'Hello! How can I help you today? You can ask about pricing, how it works, our hours or a demo.',
  },
];

/** The assistant's answer to one message. */
export function replyTo(message: string): ChatReply {
  const text = message.toLowerCase().replace(/[’']/g, "'");
  let best: { rule: ReplyRule; hits: number } | undefined;
  for (const rule of RULES) {
    const hits = text.match(rule.keywords)?.length ?? 0;
    if (hits > 0 && (!best || hits > best.hits)) best = { rule, hits };
  }
  if (!best) return { text: FALLBACK };
  const { reply, link } = best.rule;
  return link ? { text: reply, link } : { text: reply };
}
