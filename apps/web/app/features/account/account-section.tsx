// What the sections of the account's edit mode share (docs/product/accounts.md#account): their
// frame, and the state of their submission to the account route's clientAction.
import { type ReactNode, useId } from "react";
import { useActionData, useNavigation } from "react-router";
import type { AccountAction } from "./validation";

/** What the account route's clientAction answers when it does not redirect. */
export type AccountActionData =
  { ok: true; intent: AccountAction } | { error: string; intent: AccountAction | null };

/** One section of the edit mode: a heading, an optional description under it, its content. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-t border-line py-7 first:border-t-0 first:pt-0">
      <h2 id={id} className="text-base font-semibold tracking-tight">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * One action's state on this page: `busy` while its submission runs (until the reloaded data is
 * in), then `error` or `done` from the clientAction's answer for that action.
 */
export function useAccountAction(action: AccountAction) {
  const navigation = useNavigation();
  const data = useActionData<AccountActionData>();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === action;
  const mine = !busy && data?.intent === action ? data : undefined;
  return {
    busy,
    /** The answer object itself: a new one per submission, for effects. */
    result: mine,
    error: mine && "error" in mine ? mine.error : undefined,
    done: !!mine && "ok" in mine,
  };
}
