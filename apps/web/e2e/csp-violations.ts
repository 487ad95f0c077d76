// Content Security Policy violations in the browser tests: every page a test opens
// through the harness reports each violation, and the test that caused one fails with the violated
// directive and the blocked URL.
import type { BrowserContext } from "playwright-core";
import { expect, onTestFinished } from "vitest";

/** The function the in-page listener reports through (a DevTools binding, outside the policy). */
const BINDING = "__e2eCspViolation";

/** The longest wait for a page to deliver the reports still queued when its test ends, in ms. */
const SETTLE_MS = 2_000;

/** What a `securitypolicyviolation` event says (SecurityPolicyViolationEvent, CSP Level 3 §5). */
interface ReportedViolation {
  /** The directive that refused (`effectiveDirective`), e.g. "img-src". */
  directive: string;
  /** What was refused: a URL, or "inline" / "eval" for inline code and string evaluation. */
  blockedUrl: string;
  /** The document (or frame) whose policy refused it. */
  documentUrl: string;
  /** The script that caused it, `file:line:column`, when the browser knows. */
  source: string;
  /** The first characters of refused inline code, when the browser gives them. */
  sample: string;
}

/** One line of a failure message for a reported violation. */
function describeViolation(v: ReportedViolation): string {
  const parts = [`${v.directive} blocked ${v.blockedUrl || "(no URL)"} on ${v.documentUrl}`];
  if (v.source) parts.push(`from ${v.source}`);
  if (v.sample) parts.push(`sample ${JSON.stringify(v.sample)}`);
  return `securitypolicyviolation: ${parts.join(", ")}`;
}

/**
 * Runs in every frame of the context before the page's own scripts (injected through the
 * DevTools protocol, so the page's policy does not apply to it): reports each violation.
 */
function listenForViolations(binding: string): void {
  const reporter = () =>
    (window as unknown as Record<string, ((v: ReportedViolation) => unknown) | undefined>)[binding];
  addEventListener(
    "securitypolicyviolation",
    (e) =>
      void reporter()?.({
        directive: e.effectiveDirective || e.violatedDirective,
        blockedUrl: e.blockedURI,
        documentUrl: e.documentURI,
        source: e.sourceFile ? `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}` : "",
        sample: e.sample,
      }),
    true,
  );
}

/**
 * Collects the CSP violations of every page `context` opens, from two witnesses: the pages'
 * `securitypolicyviolation` events (reported through a binding) and the browser's console
 * messages that name the Content Security Policy ("Refused to load … because it violates …").
 * Call before the context opens its first page.
 * @returns The list the violations are appended to, one readable line each.
 */
export async function collectCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding(BINDING, (_source, v: ReportedViolation) => {
    violations.push(describeViolation(v));
  });
  await context.addInitScript(listenForViolations, BINDING);
  context.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      violations.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  return violations;
}

/** Lets each open page of `context` run its queued tasks, so pending reports arrive. */
async function settle(context: BrowserContext): Promise<void> {
  const pages = context.pages().filter((page) => !page.isClosed());
  await Promise.all(
    pages.map((page) =>
      Promise.race([
        page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50))).catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, SETTLE_MS)),
      ]),
    ),
  );
}

/**
 * Fails the running test, once it has finished, when `violations` (from collectCspViolations on
 * `context`) holds any. Must be called inside a test (vitest's onTestFinished).
 */
export function failTestOnCspViolations(context: BrowserContext, violations: string[]): void {
  onTestFinished(async () => {
    await settle(context);
    expect(violations, "Content Security Policy violations").toEqual([]);
  });
}
