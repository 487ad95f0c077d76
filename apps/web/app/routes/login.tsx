// `/login` (docs/product/accounts.md#login, #sessions): sign in and sign up on one screen.
// Signed-in readers go to /account. The requests run in the clientAction, whose redirect reloads
// the root loader, so the header shows the reader's picture at once.
import { safeRedirectPath, viewerContext } from "@pragmatist/contracts";
import { useEffect, useState } from "react";
import { redirect, useSearchParams } from "react-router";
import { failureOf, redirectTo } from "../features/account/failure";
import { LoginForm } from "../features/account/login-form";
import { authFailureMessage } from "../features/account/validation";
import { LogoMark } from "../components/logo";
import { pageMeta } from "../lib/meta";
import { accountApi } from "../lib/account-api";
import { refreshViewer } from "../lib/viewer";
import type { Route } from "./+types/login";

/**
 * Nothing to load for a visitor.
 * @throws a redirect to /account for a signed-in reader.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (await context.get(viewerContext)()) throw redirect("/account");
  return null;
}

/**
 * A public page, indexed like the others (docs/product/site.md#page-head; Lighthouse's SEO
 * score 100 on /login too): its own title, description and canonical. The private screens
 * (/account, /passreset) stay noindex.
 */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Sign in",
    description:
      "Sign in or create a free account to like, bookmark and discuss research, and keep your conversations with Max.",
    path: "/login",
  });

/**
 * Runs sign-in (`intent=signin`: email, password), sign-up (`signup`: username, email, password)
 * or the reset request (`forgot`: email). Success redirects (to `?next=` when it is a path on this
 * site after normalisation, `safeRedirectPath` of contracts, else /; a reset request to
 * /passreset); a refusal answers `{ error }` for the form.
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  try {
    if (intent === "forgot") {
      await accountApi.forgotPassword(email);
      return redirectTo("/passreset?sent=1");
    }
    if (intent === "signup") {
      const username = String(form.get("username") ?? "").trim();
      await accountApi.signUp({ username, email, password });
    } else {
      await accountApi.signIn({ identifier: email, password });
    }
  } catch (error) {
    const mode = intent === "forgot" ? "forgot" : intent === "signup" ? "signup" : "signin";
    return { error: authFailureMessage(mode, failureOf(error)) };
  }
  // The header shows the new member at once (lib/viewer.ts).
  await refreshViewer();
  const url = new URL(request.url);
  return redirectTo(safeRedirectPath(url.searchParams.get("next"), url.origin) ?? "/");
}

/**
 * The login card: sign-up first with `?mode=signup`; the Google button when the server has Google
 * configured (GET /api/auth/providers, asked after hydration); a notice for `?error=google`, for
 * `?reset=1` (password changed) or for a `?next=` page that needs sign-in.
 */
export default function Login() {
  const [params] = useSearchParams();
  const [google, setGoogle] = useState(false);

  // The Google button shows only when the server has Google configured.
  useEffect(() => {
    const controller = new AbortController();
    accountApi
      .providers(controller.signal)
      .then((p) => setGoogle(p.google))
      .catch(() => setGoogle(false));
    return () => controller.abort();
  }, []);

  const notice =
    params.get("error") === "google"
      ? ({ tone: "error", text: "Google sign-in did not work. Please try again." } as const)
      : params.get("reset") === "1"
        ? ({ tone: "info", text: "Password changed, please sign in." } as const)
        : safeRedirectPath(params.get("next"))
          ? ({ tone: "info", text: "Please sign in to continue." } as const)
          : null;

  return (
    <LoginForm
      mark={<LogoMark size={44} />}
      google={google}
      notice={notice}
      initialMode={params.get("mode") === "signup" ? "signup" : "signin"}
    />
  );
}
