/** One chat message (docs/product.md §4.3). */
export interface ChatMessage {
  id: string;
  type: 'ai' | 'user';
  content: string;
  timestamp: Date;
}
