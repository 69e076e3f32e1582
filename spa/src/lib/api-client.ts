/**
 * The one HTTP client of the SPA. JSON in and out; errors become `ApiError` carrying the
 * server's `{error: {code, message}}`. Requests carry the in-memory access token; a 401 for
 * an expired token triggers one refresh (shared by concurrent requests) and one retry.
 */

import { getActiveCompany } from './active-company';

/** One problem of a request at the field it concerns (a check's 400 answers every one). */
export type FieldProblem = { field: string; code: string; message: string };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The problems per field, when the server names them (`errors`); empty otherwise. */
  readonly fields: FieldProblem[];

  constructor(status: number, code: string, message: string, fields: FieldProblem[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

const isFieldProblem = (value: unknown): value is FieldProblem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FieldProblem).field === 'string' &&
  typeof (value as FieldProblem).code === 'string' &&
  typeof (value as FieldProblem).message === 'string';

/** The plan does not include this Pro feature (402): an upgrade prompt, never an error toast. */
export function isProRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 402;
}

/** SWR's `shouldRetryOnError`: retries network trouble and 5xx, never an answer about the request (4xx). */
export const shouldRetry = (error: unknown) => !(error instanceof ApiError && error.status >= 400 && error.status < 500);

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
  /** JSON, or a `Blob`/`File` sent as its own bytes. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Set false for calls that must not trigger a refresh (the auth calls themselves). */
  retryOnExpiredToken?: boolean;
};

export async function toError(response: Response): Promise<ApiError> {
  try {
    const body = await response.json();
    if (body?.error?.message) {
      const fields = Array.isArray(body.errors) ? (body.errors as unknown[]).filter(isFieldProblem) : [];
      return new ApiError(response.status, body.error.code ?? 'error', body.error.message, fields);
    }
  } catch {
    // not JSON: fall through
  }
  return new ApiError(response.status, 'http_error', `Request failed with status ${response.status}`);
}

/** Sends a request with the access token, refreshing it once when it has expired. */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const { method = 'GET', body, headers = {}, retryOnExpiredToken = true } = options;
  // A file (a logo) is sent as itself, with its own type; anything else as JSON.
  const raw = body instanceof Blob;
  const contentType = raw ? body.type || 'application/octet-stream' : 'application/json';
  const attempt = (token: string | null) =>
    fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: accept,
        ...(body === undefined ? {} : { 'Content-Type': contentType }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(token && getActiveCompany() ? { 'X-Company-Id': getActiveCompany()! } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });

  let response = await attempt(accessToken);
  if (response.status === 401 && retryOnExpiredToken && accessToken) {
    const fresh = await refreshOnce();
    if (fresh) response = await attempt(fresh);
  }
  if (!response.ok) throw await toError(response);
  return response;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A file the API answers with (an export): its bytes and the name the server suggests. */
export async function apiFile(path: string, accept = '*/*'): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(path, {}, accept);
  return { blob: await response.blob(), filename: filenameFromDisposition(response.headers.get('Content-Disposition')) };
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header (RFC 6266). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      // malformed escape: fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name : null;
}

/** SWR fetcher: a null key skips the request. */
export const fetcher = <T,>(path: string) => api<T>(path);
