import type { PolicySection } from './types';

/** Address for every privacy request. */
export const privacyEmail = 'privacy@signalpipe.io';

/** Header facts of the policy. */
export const policyMeta = {
  title: 'Privacy Policy',
  lastUpdated: 'January 2025',
  intro:
    'This policy explains what Signalpipe collects, why, how we protect it and the rights you have. It covers two groups of people: visitors and customers who use our website and forms, and business professionals whose public posts our service detects as buying signals.',
};

/** The short version, shown before the full text. */
export const policySummary: readonly string[] = [
  'We store what you send us in our booking and onboarding forms, and use it to reply and set up your service.',
  'Visitors get no cookies. Our page-view analytics are first-party and never store IP addresses.',
  'Our service finds business people through what they post publicly and stores only work contact details. Anyone can object and have their record erased.',
  'We never sell personal data.',
];

/** The six sections of docs/product.md §3.4, in order. */
export const policySections: readonly PolicySection[] = [
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    blocks: [
      { kind: 'subheading', text: 'Information you give us' },
      {
        kind: 'list',
        items: [
          'Booking requests: when you book a strategy call we store your email address, your company name, the main challenge you describe and the page you booked from.',
          'Onboarding questionnaire: the answers you enter in its steps, such as your name and work email, company name and website, what you sell, your ideal clients, revenue range, lead goals, current challenges and what success looks like for you.',
          'Newsletter: your email address, if you subscribe on our blog.',
          'Your browser also keeps its own copy of your form submissions in local storage on your device. We cannot read that copy; clearing this site\u2019s data in your browser removes it.',
        ],
      },
      { kind: 'subheading', text: 'Information collected automatically' },
      {
        kind: 'list',
        items: [
          'Page views: for each page view we record the page, the time, the referring site and a visitor key. The key is a one-way hash of your IP address and browser user agent combined with a random value that changes every day and is then discarded. We never store the IP address itself, and the key cannot be linked to you or to your visits on other days. This analytics uses no cookies and no third-party scripts.',
          'Security: to protect the service from abuse we limit how many requests one client can make. The address used for this is held briefly in memory and is not written to our database.',
          'Cookies: visitors receive no cookies. Operators who sign in to our admin console receive one session cookie that is strictly necessary to keep them signed in; it cannot be read by scripts and ends when they sign out or the session expires.',
        ],
      },
      { kind: 'subheading', text: 'Information about business prospects from public sources' },
      {
        kind: 'paragraph',
        text: 'Our service monitors public online communities and social platforms for posts that show a business need, such as a company hiring, raising funds, researching tools or looking for an alternative to a supplier. When it finds one, we store the text and link of the post, the platform and date, the author\u2019s public name or handle, the company and role we match them to, work contact details such as a business email address, and company information such as industry and size.',
      },
      {
        kind: 'paragraph',
        text: 'We only collect content that anyone can read without signing in to a private space. We do not join closed groups, read private messages or use other people\u2019s credentials, and we do not look for personal email addresses or sensitive information.',
      },
    ],
  },
  {
    id: 'how-we-use-information',
    title: 'How we use information',
    blocks: [
      {
        kind: 'list',
        items: [
          'To answer booking and onboarding requests, schedule calls and set up the service you asked for.',
          'To provide the service to our customers: detecting buying signals, scoring how well a prospect fits a customer\u2019s ideal customer profile, verifying work contact details and drafting a first message.',
          'To understand, in aggregate, which pages of our site are useful and which are not.',
          'To keep the service secure: signing operators in, managing their sessions and preventing abuse.',
          'To send our newsletter to people who subscribed to it.',
        ],
      },
      { kind: 'subheading', text: 'Legal bases' },
      {
        kind: 'paragraph',
        text: 'Where the GDPR or UK GDPR applies, we process booking and onboarding data to take steps you asked for before entering a contract, and to perform that contract. We process business prospect data and cookieless analytics on the basis of our legitimate interests: helping businesses reach other businesses that have publicly described a need, and running a useful website. We limit that processing to professional information that was made public, use it only for business-to-business sales, and make objecting simple. We send the newsletter with your consent, which you can withdraw with one click in any issue.',
      },
      {
        kind: 'paragraph',
        text: 'The intent score our service calculates ranks business leads for a sales team. It is not used to make decisions that have legal or similarly significant effects on anyone.',
      },
    ],
  },
  {
    id: 'data-security',
    title: 'Data security',
    blocks: [
      {
        kind: 'list',
        items: [
          'Traffic between your browser and our service is encrypted in transit.',
          'Admin passwords are stored only as salted hashes. Admin sessions are held on our servers, sign-in attempts are rate limited and every change made by an operator requires protection against cross-site request forgery.',
          'Access to stored submissions and prospect records is limited to signed-in operators who need it to provide the service.',
          'Form submissions are written to our database before we confirm them to you, so a temporary failure elsewhere never loses what you sent.',
        ],
      },
      { kind: 'subheading', text: 'How long we keep data' },
      {
        kind: 'paragraph',
        text: 'We keep booking and onboarding submissions while we work with you and for up to 24 months after our last contact, unless you ask us to delete them sooner. Prospect records are reverified every 30 days; records that can no longer be verified or are no longer relevant to any customer\u2019s search are deleted. Page-view records contain no directly identifying data and are kept to show trends over time.',
      },
      {
        kind: 'paragraph',
        text: 'If a breach ever puts your personal data at risk, we will notify the competent authority within 72 hours where the law requires it, and tell the people affected without undue delay.',
      },
    ],
  },
  {
    id: 'third-parties',
    title: 'Third parties',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We do not sell, rent or trade personal data, and we use no third-party analytics, advertising pixels or social media trackers.',
      },
      {
        kind: 'list',
        items: [
          'Follow-up tools: when a workflow webhook or a form-mail service is configured for a Signalpipe installation, booking and onboarding submissions are forwarded to it so the team can follow up. These providers act as processors on our instructions and receive only the submission itself. Where no such target is configured, submissions stay in our database.',
          'Scheduling: when you book a call you are taken to an external scheduling page, which opens in a new tab. We pass it your company name and email address so you do not have to type them again; what you enter there is governed by that provider\u2019s privacy policy.',
          'Customers: prospect records are delivered to the customer whose search found them. That customer decides how to contact the prospect and must respect any objection or opt-out.',
          'Authorities: we disclose information when the law requires it, and only what is required.',
        ],
      },
    ],
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Depending on where you live, you have the right to access the personal data we hold about you, correct it, have it erased, restrict or object to how we use it, receive it in a portable format and withdraw any consent you gave. You can also complain to your data protection authority, although we would appreciate the chance to resolve your concern first.',
      },
      { kind: 'subheading', text: 'If we found you through a public post' },
      {
        kind: 'paragraph',
        text: 'You can object at any time, without giving a reason. We will delete your record, keep only a one-way hash of your email address so our service does not add you again, and ask any customer who received your details to stop contacting you.',
      },
      { kind: 'subheading', text: 'How we handle requests' },
      {
        kind: 'paragraph',
        text: 'We answer within one month, free of charge. We may ask you to confirm that the request concerns your own data, for example by replying from the address it is about. Residents of California: we do not sell or share personal information as those terms are defined in the CCPA.',
      },
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    blocks: [
      {
        kind: 'email',
        text: 'For any question about this policy or to exercise your rights, email',
        address: privacyEmail,
      },
      {
        kind: 'paragraph',
        text: 'Please tell us which email address, company or post your request concerns so we can find the records quickly. If we change this policy, we will update the date at the top of this page and tell customers about material changes by email before they take effect.',
      },
    ],
  },
];
