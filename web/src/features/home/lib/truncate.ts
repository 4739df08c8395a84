/** Returns text unchanged when it fits in max characters, else its first max characters and "...". */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}...`;
}
