// Turns whatever a failed API call threw into the plain facts the screens' messages are made of,
// and the redirect the screens' client actions answer with.
import { ApiError } from "../../lib/fetch-json";
import type { FailureInfo } from "./validation";

/** The status, name, message and details of an ApiError; null for a network failure (TypeError). */
export function failureOf(error: unknown): FailureInfo | null {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      errorName: error.errorName,
      message: error.message,
      details: error.details,
    };
  }
  if (error instanceof TypeError) return null;
  return { status: 500, errorName: "ApplicationError", message: "" };
}

/**
 * A redirect for a clientAction to return. Built here rather than with react-router's `redirect`
 * so the client-action chunks import nothing from the router and it is not split into one more
 * chunk that every page (the article page's JS budget) would load.
 */
export function redirectTo(to: string): Response {
  return new Response(null, { status: 302, headers: { Location: to } });
}
