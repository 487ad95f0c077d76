// GETting JSON from the API on the page's own origin, and its errors as Strapi bodies: what the
// typed client (api-client.ts) and the viewer store (viewer.ts, on every page) share.
import type { ErrorBody } from "@pragmatist/contracts";

/** A non-2xx answer from the API, carrying the Strapi error body when the server sent one. */
export class ApiError extends Error {
  readonly status: number;
  /** The Strapi error name ("ValidationError", "NotFoundError", ...), or "HttpError". */
  readonly errorName: string;
  readonly details: Record<string, unknown>;

  constructor(status: number, body: ErrorBody | null, fallback: string) {
    super(body?.error.message ?? fallback);
    this.name = "ApiError";
    this.status = status;
    this.errorName = body?.error.name ?? "HttpError";
    this.details = body?.error.details ?? {};
  }
}

type QueryValue = string | number | boolean | string[] | undefined;

/**
 * Builds `path?query` from defined values; arrays become comma-separated lists
 * (docs/product/api.md#api-articles).
 */
export function withQuery(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(","));
    } else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Reads a failed response into an ApiError: the Strapi error body when there is one, else (not
 * JSON: a proxy page, an empty body) the status line "Request failed with status N".
 */
export async function toApiError(res: Response): Promise<ApiError> {
  let body: ErrorBody | null = null;
  try {
    const parsed = (await res.json()) as Partial<ErrorBody>;
    if (parsed && typeof parsed.error === "object" && parsed.error) body = parsed as ErrorBody;
  } catch {
    // Not JSON: the status line will do.
  }
  return new ApiError(res.status, body, `Request failed with status ${res.status}`);
}

/**
 * GETs JSON from the API on the page's own origin.
 * @throws ApiError on a non-2xx status; an AbortError when `signal` aborts; TypeError when offline.
 */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { headers: { accept: "application/json" }, signal });
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}

/** True for the error a fetch throws when its AbortSignal fired (a stale request). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
