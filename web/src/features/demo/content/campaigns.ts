import type { CampaignTemplate } from '../types';

type Row = [string, string, string, CampaignTemplate['color'], string, string, string];

// title, description, source, colour, response rate, subject, body
const rows: Row[] = [
  ['Competitor Engagement', 'Prospects liking, commenting on or reviewing a competitor.', 'LinkedIn, G2, Reddit', 'red', '73%',
    'Saw your take on [competitor]',
    'Hi [name],\n\nI noticed your comment on [competitor]\u2019s post about [topic]. Teams at [company] often tell us they want the same outcome without [pain point].\n\nWe help B2B teams like yours reach buyers while they are still comparing options. Worth a 15-minute look next week?\n\nBest,\n[your name]'],
  ['New Role Alert', 'A decision maker started a new role at a target account.', 'LinkedIn', 'orange', '81%',
    'Congrats on the new role at [company]',
    'Hi [name],\n\nCongratulations on joining [company] as [title]! The first 90 days are when most leaders reset their [topic] stack.\n\nWe helped [similar company] ship their first wins within a month. Happy to share what worked if useful.\n\nBest,\n[your name]'],
  ['Fresh Funding', 'Companies in your ICP that just raised a round.', 'Crunchbase, press releases', 'emerald', '84%',
    'Congrats on the [round], [name]',
    'Hi [name],\n\nCongrats to you and the [company] team on the [round]. Most teams we talk to after a raise are under pressure to grow pipeline fast.\n\nWe deliver prospects already showing buying intent, so new reps start on warm conversations. Open to a quick call?\n\nBest,\n[your name]'],
  ['Hiring Spree', 'Accounts posting several roles in the team you sell to.', 'Job boards, careers pages', 'amber', '76%',
    'Scaling the [team] team at [company]?',
    'Hi [name],\n\nI saw [company] is hiring [number] [roles]. Ramping that many people usually means they need pipeline on day one.\n\nWe can hand your new hires verified, intent-scored leads from week one. Worth comparing notes?\n\nBest,\n[your name]'],
  ['Event Registration', 'Prospects registered for events in your space.', 'Event platforms, webinars', 'sky', '78%',
    'See you at [event]?',
    'Hi [name],\n\nLooks like you\u2019re attending [event]. We\u2019ll be there talking about [topic].\n\nIf you\u2019re free, I\u2019d love 15 minutes to show how [company] could find in-market buyers before competitors do.\n\nBest,\n[your name]'],
  ['Content Consumption', 'Prospects reading and sharing content about your category.', 'Blogs, newsletters, podcasts', 'indigo', '71%',
    'Your thoughts on [topic]',
    'Hi [name],\n\nI noticed you shared [content] on [topic]. We just published data from 1,000+ sales teams on the same question.\n\nHappy to send it over, along with how [company] could apply it. Interested?\n\nBest,\n[your name]'],
  ['Profile Stalking', 'Prospects who viewed your team\u2019s profiles or company page.', 'LinkedIn profile views', 'violet', '69%',
    'Thanks for stopping by, [name]',
    'Hi [name],\n\nThanks for checking out my profile. Usually that means [topic] is on your radar at [company].\n\nIf it helps, I can share how similar teams cut their prospecting time in half. Worth a quick chat?\n\nBest,\n[your name]'],
  ['Internal Engagement', 'Several people from one account engaging at once.', 'Website visits, email replies', 'teal', '85%',
    '[company] and [topic]',
    'Hi [name],\n\nA few people on the [company] team have been looking into [topic] this week, so I thought I\u2019d reach out directly.\n\nWould it help if I put together a short plan tailored to your team?\n\nBest,\n[your name]'],
  ['Tool Migration', 'Accounts moving off a tool you replace or complement.', 'Reviews, community threads', 'pink', '82%',
    'Moving off [tool]?',
    'Hi [name],\n\nI saw [company] is evaluating alternatives to [tool]. Migrations are the best moment to fix [pain point] for good.\n\nWe\u2019ve helped teams switch in under two weeks without losing data. Want the checklist we use?\n\nBest,\n[your name]'],
  ['Pain Point Posts', 'Prospects publicly describing the problem you solve.', 'Reddit, Slack communities, forums', 'lime', '79%',
    'Re: your post about [topic]',
    'Hi [name],\n\nI read your post about [topic]. It\u2019s the exact problem we solve for teams like [company].\n\nHere\u2019s a 2-minute overview of how others fixed it: [link]. Happy to walk you through it live if useful.\n\nBest,\n[your name]'],
];

/** The ten Signal Campaigns with their response rates (spec 000 §3 Campaign template). */
export const campaignTemplates: readonly CampaignTemplate[] = rows.map(
  ([title, description, source, color, responseRate, subject, template], i) => ({
    id: `campaign-${i + 1}`, title, description, source, color, responseRate, subject, template,
  }),
);
