// Lets any view hand a query to the search box ("Search for …" on a missing entry).

export const searchRequest = $state({ query: '', seq: 0 });

export function requestSearch(query: string): void {
  searchRequest.query = query;
  searchRequest.seq += 1;
}
