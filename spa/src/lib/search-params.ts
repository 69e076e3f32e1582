/**
 * The updater a filter gives `setSearchParams`: the same query with `key` set to `value`, or
 * without `key` when `value` is empty. The other parameters stay as they are.
 */
export function withParam(key: string, value: string | null | undefined) {
  return (previous: URLSearchParams) => {
    const next = new URLSearchParams(previous);
    if (value) next.set(key, value);
    else next.delete(key);
    return next;
  };
}
