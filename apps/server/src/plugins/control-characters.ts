// Control characters are refused at the edge, in one place for every route: a path parameter, a
// query value or a body string holding one answers 400 before any handler or database sees it
// (docs/architecture.md#conventions; PostgreSQL's text type refuses NUL, which answered 500 on 18
// endpoints).
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ValidationError } from "../errors.ts";

/**
 * The characters no field accepts: the C0 controls but tab, line feed and carriage return (text a
 * reader types may hold those), and DEL. NUL is the one PostgreSQL cannot store; the others are
 * never typed and serve only to hide or corrupt text (OWASP Input Validation Cheat Sheet).
 */
// eslint-disable-next-line no-control-regex -- the controls are what this pattern finds
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** How deep a body is searched: deeper than any body a route accepts. */
const MAX_DEPTH = 8;

/**
 * The path, within `value`, of the first string holding a CONTROL character (`["data", "content"]`;
 * `[]` when `value` is such a string), or null when none does. Objects and arrays are searched to
 * MAX_DEPTH; their keys are strings too.
 */
function controlPath(value: unknown, depth = 0): string[] | null {
  if (typeof value === "string") return CONTROL.test(value) ? [] : null;
  if (value === null || typeof value !== "object" || depth >= MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (CONTROL.test(key)) return [key];
    const found = controlPath(inner, depth + 1);
    if (found) return [key, ...found];
  }
  return null;
}

/** The part of a request holding a control character, as a path (`["query", "filters"]`), or null. */
function controlledPart(request: FastifyRequest): string[] | null {
  const parts = { params: request.params, query: request.query, body: request.body };
  return controlPath(parts);
}

/**
 * The plugin: a `preValidation` hook on every route (API and pages) that throws a 400
 * ValidationError naming the field when its parameters, query or parsed body hold a control
 * character. A multipart upload's parts are read by its handler and checked there.
 */
export default fp(async function controlCharacters(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const path = controlledPart(request);
    if (path) {
      const message = "This field holds a control character, which no field accepts";
      throw new ValidationError(`${path.join(".")}: ${message}`, {
        errors: [{ path, message }],
      });
    }
  });
});
