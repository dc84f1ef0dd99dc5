import type { ErrorBody, FieldError } from '@app/shared/errors';
import { session } from './session';
import { visitorHeaders } from './visitor-headers';
import { staffCodeGiven } from './staff-code-prompt';

/** A failed call: SPEC.md section 8's `{ code, error }` plus the catalogue code and fields. */
export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** Catalogue code (`errors.<code>` in the locale files). */
    readonly code: string,
    message: string,
    readonly fields: FieldError[] = [],
    readonly retryAfter?: number,
    /** Facts of the failure, e.g. INSUFFICIENT_FEE's `{ balance, fee }`. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** SPEC.md section 8: each failure is recorded with code (HTTP status, default 400), url and message. */
export interface ErrorEntry {
  code: number;
  url: string;
  message: string;
  at: number;
}
const MAX_ENTRIES = 50;
export const errorEntries: ErrorEntry[] = [];

function record(entry: Omit<ErrorEntry, 'at'>) {
  errorEntries.push({ ...entry, at: Date.now() });
  if (errorEntries.length > MAX_ENTRIES) errorEntries.shift();
}

let currentLocale = 'en';
export function setApiLocale(locale: string) {
  currentLocale = locale;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The headers of SPEC.md section 7 on every call. */
export function requestHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { ...visitorHeaders(currentLocale), ...extra };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/** Calls the API under /api. A 401 logs the user out silently. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    // A staff call that wants an authenticator code: asked once, then the call goes again.
    if (error instanceof ApiError && (await staffCodeGiven(error.code))) return send<T>(path, options);
    throw error;
  }
}

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const headers = requestHeaders({
    ...(options.body !== undefined && !isForm && { 'content-type': 'application/json' }),
    ...options.headers,
  });

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    record({ code: 400, url: url.pathname, message: 'NETWORK_ERROR' });
    throw new ApiError(0, 'NETWORK_ERROR', 'NETWORK_ERROR');
  }

  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (response.ok) return data as T;

  throw failure(url.pathname, response.status, (data ?? {}) as Partial<ErrorBody>);
}

/**
 * An error answer of the API, however it came (HTTP, or a socket ack carrying the same body):
 * recorded, a 401 logs out silently, and the ApiError to throw.
 */
export function failure(path: string, status: number, body: Partial<ErrorBody>): ApiError {
  const message = body.message || 'UNKNOWN_ERROR';
  record({ code: status || 400, url: path, message });
  if (status === 401) session.clear();
  return new ApiError(
    status || 400,
    body.code ?? 'UNKNOWN_ERROR',
    message,
    body.fields ?? [],
    body.retryAfter,
    body.details,
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
