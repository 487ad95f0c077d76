// How the studio's client loaders turn API refusals into what the router shows: sign in again
// (401), the studio's 403 or 404 page, or the error boundary for anything else.
import { data, redirect } from "react-router";
import { ApiError } from "../../lib/fetch-json";

/** The body of a refusal the studio's error boundary shows. */
export interface StudioRefusal {
  message: string;
}

/** `/login?next=` back to `url`'s path and query (login accepts same-site paths only). */
export function signInAgain(url: URL): string {
  return `/login?next=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * Runs `load` with the request's abort signal. A 401 (session ended) redirects to sign-in and
 * back; a 403 or 404 is thrown as a route error response with the server's message (the
 * studio's error boundary shows it); anything else is rethrown.
 */
export async function studioLoad<T>(
  request: Request,
  load: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  try {
    return await load(request.signal);
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401) throw redirect(signInAgain(new URL(request.url)));
      if (error.status === 403 || error.status === 404) {
        throw data<StudioRefusal>({ message: error.message }, { status: error.status });
      }
    }
    throw error;
  }
}

/** The page number of a `?page=` value: a whole number from 1, else 1. */
export function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The message of anything a studio call threw, for a status line or a note. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return "No connection: check your network and try again";
  return "Something went wrong: try again";
}
