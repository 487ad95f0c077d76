// Newsletter sign-up from the browser: POST the email, one message whatever the list holds.
import { type FormEvent, useState } from "react";

const MESSAGES: Record<number, string> = {
  200: "Check your inbox to confirm your subscription.",
  400: "Please enter a valid email address.",
  429: "Too many attempts. Try again later.",
};

/**
 * State and submit handler of a subscribe form (its first input is the email). `onSuccess` runs
 * a few seconds after a successful answer, once the message could be read.
 */
export function useSubscribe(onSuccess?: () => void) {
  const [result, setResult] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void fetch("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: event.currentTarget.querySelector("input")?.value }),
    })
      .then(
        (res) => res.status,
        () => 0,
      )
      .then((status) => {
        setResult(MESSAGES[status] ?? "Something went wrong.");
        if (status === 200 && onSuccess) setTimeout(onSuccess, 3500);
      });
  };
  return { result, onSubmit, reset: () => setResult(null) };
}
