// Checks of the error answers shared by the error tests: the exact Strapi error body, nothing else,
// and the malformed bodies every route that takes one must refuse.
import { expect } from "vitest";
import type { ErrorName } from "@pragmatist/contracts";

/** An answer as both `app.inject` and `fetch` give it: its status and its body's text. */
export interface Answer {
  status: number;
  body: string;
  contentType: string | null;
}

/** The status, body and content type of an `app.inject` response. */
export function injected(res: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}): Answer {
  const type = res.headers["content-type"];
  return { status: res.statusCode, body: res.body, contentType: type ? String(type) : null };
}

/**
 * Expects `answer` to be exactly `{ data: null, error: { status, name, message, details } }` (by
 * default `details: {}`) as JSON with the given status, and to carry nothing of the framework's
 * (no error codes, no stack frames, no `statusCode` key).
 */
export function expectErrorBody(
  answer: Answer,
  status: number,
  name: ErrorName,
  message: string,
  details: Record<string, unknown> = {},
): void {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.contentType).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({
    data: null,
    error: { status, name, message, details },
  });
  expect(answer.body).not.toMatch(/FST_|HPE_|ERR_|statusCode|\bat .*:\d+:\d+/);
}

/** A malformed request body: its headers and bytes, and the exact answer it must get. */
export interface Malformed {
  label: string;
  headers: Record<string, string>;
  payload: string;
  status: number;
  message: string;
}

const JSON_TYPE = { "content-type": "application/json" };

/**
 * Bodies Fastify's parsers refuse before any route runs, the same on every route: truncated JSON,
 * an empty JSON body, a body shorter than its Content-Length (a 400 each) and XML (a 415).
 */
export const unparsableBodies: Malformed[] = [
  {
    label: "truncated JSON",
    headers: JSON_TYPE,
    payload: '{"data": {"a": "b',
    status: 400,
    message: "The request body is not valid JSON",
  },
  {
    label: "an empty JSON body",
    headers: JSON_TYPE,
    payload: "",
    status: 400,
    message: "The request body is empty, but its content type says JSON",
  },
  {
    label: "a body shorter than its Content-Length",
    headers: { ...JSON_TYPE, "content-length": "64" },
    payload: '{"a":1}',
    status: 400,
    message: "The request body does not match its Content-Length",
  },
  {
    label: "XML",
    headers: { "content-type": "application/xml" },
    payload: "<a/>",
    status: 415,
    message: "This content type is not accepted here",
  },
];
