// What an account setting that saves at each change says under it: why it could not be read, and
// what the last save did (a status) or why it failed (an alert).
import type { MemberSettingState, SaveMessage } from "../../lib/member-setting";
import { errorText } from "./text-field";

/** The load error of `state`, then `message` as a status line, or an alert when it failed. */
export function SaveStatus(props: {
  state: MemberSettingState<unknown>;
  message: SaveMessage | null;
}) {
  const { state, message } = props;
  return (
    <>
      {state.kind === "error" && <p className={`mt-2 text-sm ${errorText}`}>{state.message}</p>}
      {message && (
        <p
          role={message.failed ? "alert" : "status"}
          className={`mt-2 text-sm ${message.failed ? errorText : "text-muted"}`}
        >
          {message.text}
        </p>
      )}
    </>
  );
}
