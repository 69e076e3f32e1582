/**
 * The one HTTP client of the SPA. JSON in and out; errors become `ApiError` carrying the
 * server's `{error: {code, message}}`. Requests carry the in-memory access token; a 401 for
 * an expired token triggers one refresh (shared by concurrent requests) and one retry.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

let accessToken: string | null = null;
let refreshHandler: (() => Promise<string | null>) | null = null;
let refreshing: Promise<string | null> | null = null;

export function setAccessToken(token: string | null) {
  accessToken = token;
}

export function getAccessToken() {
  return accessToken;
}

/** The auth provider registers how to obtain a fresh access token. */
export function onRefreshNeeded(handler: (() => Promise<string | null>) | null) {
  refreshHandler = handler;
}

function refreshOnce(): Promise<string | null> {
  if (!refreshHandler) return Promise.resolve(null);
  refreshing ??= refreshHandler().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** Set false for calls that must not trigger a refresh (the auth calls themselves). */
  retryOnExpiredToken?: boolean;
};

async function toError(response: Response): Promise<ApiError> {
  try {
    const body = await response.json();
    if (body?.error?.message) return new ApiError(response.status, body.error.code ?? 'error', body.error.message);
  } catch {
    // not JSON: fall through
  }
  return new ApiError(response.status, 'http_error', `Request failed with status ${response.status}`);
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, headers = {}, retryOnExpiredToken = true } = options;
  const send = (token: string | null) =>
    fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  let response = await send(accessToken);
  if (response.status === 401 && retryOnExpiredToken && accessToken) {
    const fresh = await refreshOnce();
    if (fresh) response = await send(fresh);
  }
  if (!response.ok) throw await toError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** SWR fetcher: a null key skips the request. */
export const fetcher = <T,>(path: string) => api<T>(path);
