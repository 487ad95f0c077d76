// `/subscription/{confirm,unsubscribe}?token=…` and `/subscription/notifications?kinds=…&token=…`
// (docs/product/site.md#mailed-links): where a newsletter mail's and a notification email's links
// lead. Following the link changes nothing (mail scanners follow links, RFC 8058 §1); the reader's
// press of the button does, and a newsletter unsubscribe can be undone for an hour.
import { useState } from "react";
import { data, Link, useSearchParams } from "react-router";
import { LogoMark } from "../components/logo";
import { buttonClass } from "../components/ui/button";
import { AuthCard, FormNote } from "../features/account/auth-card";
import { accountMeta } from "../features/account/page-meta";
import { call } from "../lib/account-api";
import { ApiError } from "../lib/fetch-json";
import { useSite } from "../lib/site-data";
import type { Route } from "./+types/subscription";

const ACTIONS = new Set<string>(["confirm", "unsubscribe", "notifications"]);

/**
 * The action the path names. @throws a 404 response for any other.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (!ACTIONS.has(params.action)) throw data(null, { status: 404 });
  return { action: params.action as MailedLinkAction };
}

/** "Confirm your subscription" or "Unsubscribe", never indexed. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  accountMeta(
    loaderData?.action === "confirm" ? "Confirm your subscription" : "Unsubscribe",
    matches,
  );

/** The kinds of notification email a link stops, as its `kinds` parameter names them. */
const KIND_WORDS: Record<string, string> = {
  reply: "replies to your comments",
  mention: "mentions of you",
  article_comment: "comments on your articles",
};

/** The mailed link's card, for the token in the address. */
export default function Subscription({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const site = useSite();
  return (
    <MailedLink
      action={loaderData.action}
      token={params.get("token") ?? ""}
      kinds={params.get("kinds") ?? ""}
      siteName={site.name}
    />
  );
}

/** What a mailed link asks, and what each step says. */
type MailedLinkAction = "confirm" | "unsubscribe" | "notifications";

/** What the notification email link stops, in words ("replies to your comments and …"). */
const kindWords = (kinds: string) =>
  kinds
    .split(",")
    .map((k) => KIND_WORDS[k] ?? "these notifications")
    .join(" and ");

const WORDS = {
  confirm: {
    title: "Confirm your subscription",
    ask: (site: string) =>
      `Press the button to get The Weekly Brief from ${site} by email, once a week.`,
    button: "Confirm my subscription",
    done: "Your subscription is confirmed. Thank you!",
  },
  unsubscribe: {
    title: "Unsubscribe from the newsletter",
    ask: () => "Press the button and this address will get no more issues of The Weekly Brief.",
    button: "Unsubscribe",
    done: "You are unsubscribed.",
  },
  notifications: {
    title: "Stop notification emails",
    ask: (_site: string, kinds: string) =>
      `Press the button and you will get no more emails about ${kindWords(kinds)}. You still see them in the app.`,
    button: "Stop these emails",
    done: "Done: no more emails about these. You can turn them on again on your account page.",
  },
} as const;

/** Where a link's button posts: the newsletter's links, or the notification emails' one. */
const endpoint = (action: MailedLinkAction | "resubscribe", token: string, kinds: string) =>
  action === "notifications"
    ? `/api/notifications/unsubscribe?${new URLSearchParams({ kinds, token })}`
    : `/api/newsletter/${action}?token=${encodeURIComponent(token)}`;

type Step = "ask" | "done" | "undone";

/** Posts the link's action (or its undo) with the token; the refusal's sentence on a 400. */
async function post(
  action: MailedLinkAction | "resubscribe",
  token: string,
  kinds: string,
): Promise<string | null> {
  try {
    await call("POST", endpoint(action, token, kinds));
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.message : "Something went wrong. Try again.";
  }
}

/**
 * The card: the question and its button; once done, what happened (and, after an unsubscribe,
 * an Undo button); a refusal's sentence in an alert. Without a token, that the link is incomplete.
 */
function MailedLink(props: {
  action: MailedLinkAction;
  token: string;
  kinds: string;
  siteName: string;
}) {
  const { action, token, kinds, siteName } = props;
  const words = WORDS[action];
  const [step, setStep] = useState<Step>("ask");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (what: MailedLinkAction | "resubscribe", next: Step) => {
    setBusy(true);
    const refused = await post(what, token, kinds);
    setBusy(false);
    setError(refused);
    if (refused === null) setStep(next);
  };
  return (
    <AuthCard mark={<LogoMark size={44} />} busy={busy} title={words.title}>
      <div className="space-y-5 text-[0.9375rem] leading-relaxed text-muted">
        {!token && (
          <FormNote tone="error">This link is incomplete: open it again from the email.</FormNote>
        )}
        {error && <FormNote tone="error">{error}</FormNote>}
        {step === "ask" && token && (
          <>
            <p>{words.ask(siteName, kinds)}</p>
            <button
              type="button"
              disabled={busy}
              className={buttonClass("primary", "md", "w-full")}
              onClick={() => void run(action, "done")}
            >
              {words.button}
            </button>
          </>
        )}
        {step === "done" && <FormNote tone="info">{words.done}</FormNote>}
        {step === "done" && action === "unsubscribe" && (
          <p>
            Changed your mind?{" "}
            <button
              type="button"
              disabled={busy}
              className="font-medium text-accent hover:underline"
              onClick={() => void run("resubscribe", "undone")}
            >
              Undo
            </button>
          </p>
        )}
        {step === "undone" && (
          <FormNote tone="info">You are subscribed again. Welcome back!</FormNote>
        )}
        {action === "notifications" ? (
          <Link to="/account" className={buttonClass("secondary", "md", "w-full")}>
            Choose your emails
          </Link>
        ) : (
          <Link to="/newsletter" className={buttonClass("secondary", "md", "w-full")}>
            Read past issues
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
