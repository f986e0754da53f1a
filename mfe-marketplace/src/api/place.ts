import { useMutation } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import type { Place } from 'contract/places';

export function fetchPlace(query: string): Promise<Place> {
  return api.get('proxy/place', { searchParams: { q: query } }).json<Place>();
}

/** Looks a typed ZIP code, city or state up, once per submit (the answer becomes the distance filter's point). */
export function usePlaceLookup() {
  return useMutation({ mutationFn: (query: string) => fetchPlace(query.trim()) });
}
