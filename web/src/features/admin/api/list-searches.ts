import { apiRequest } from '@/lib/admin/api-client';
import { searchPageSchema } from './search-schema';

export const fetchSearches = (cursor: string) =>
  apiRequest(`/api/admin/searches?${new URLSearchParams(cursor ? { limit: '25', cursor } : { limit: '25' })}`, {
    schema: searchPageSchema,
  });
