/** One block of policy text. */
export type PolicyBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: readonly string[] }
  | { kind: 'subheading'; text: string }
  /** A sentence ending in an email address, rendered as a mailto link. */
  | { kind: 'email'; text: string; address: string };

/** A numbered section of the policy (an h2 with its anchor). */
export interface PolicySection {
  id: string;
  title: string;
  blocks: readonly PolicyBlock[];
}
