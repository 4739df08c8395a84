/** One block of a post's body: a paragraph, or a section heading ("## " lines). */
export type Block = { kind: 'p' | 'h2'; text: string };

/**
 * Splits a post's content at line breaks into paragraphs (blank lines
 * dropped). The result is rendered as text, never as HTML.
 */
export function toBlocks(content: string): Block[] {
  return content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => (line.startsWith('## ') ? { kind: 'h2', text: line.slice(3).trim() } : { kind: 'p', text: line }));
}
