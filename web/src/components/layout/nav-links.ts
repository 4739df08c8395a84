import { paths } from '@/config/paths';

/** The header's main links, in order. */
export const headerLinks = [
  { to: paths.useCases.path, label: 'Use Cases' },
  { to: paths.reports.path, label: 'Reports' },
  { to: paths.buyingIntentGuide.path, label: 'Buying Intent Guide' },
  { to: paths.blog.path, label: 'Blog' },
] as const;

/** The reports the header's Reports dropdown offers. */
export const reportMenuLinks = [
  { to: paths.b2cColdEmailPlaybook.path, label: 'B2C Cold Email Playbook' },
  { to: paths.leadScrapingDirectory.path, label: 'Lead Scraping Directory' },
  { to: paths.b2cConnectorPlaybook.path, label: 'Connector Playbook' },
  { to: paths.conversionIndex.path, label: 'Conversion Index' },
] as const;
