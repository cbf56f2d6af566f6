/** A list's path with its filter in the query, as react-admin reads it: a link staff can share. */
export function filteredListUrl(listPath: string, filter: Record<string, unknown> = {}): string {
  return Object.keys(filter).length ? `${listPath}?${new URLSearchParams({ filter: JSON.stringify(filter) })}` : listPath;
}
