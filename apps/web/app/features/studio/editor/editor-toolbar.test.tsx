// Why Schedule waits (docs/product/studio.md#studio-publishing): a line beside the buttons that the
// disabled button is described by, not a tooltip only.
import type { StudioArticle } from "@pragmatist/contracts";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { editorAccess } from "./editor-access";
import { EditorToolbar } from "./editor-toolbar";
import { type StatusWork, toolbarActions } from "./toolbar-actions";

const nothing = async () => {};
const work: StatusWork = {
  save: nothing,
  publishNow: nothing,
  schedule: nothing,
  unpublish: nothing,
};

/** An editor's toolbar on a draft whose publish date is `future` or not. */
function renderToolbar(future: boolean) {
  const access = editorAccess("editor", { attributes: { state: "draft" } } as StudioArticle);
  render(
    <EditorToolbar
      actions={toolbarActions(access, future, work)}
      current={null}
      busy={false}
      onRun={nothing}
      canDelete={false}
      onDelete={() => {}}
    />,
  );
  return screen.getByRole("button", { name: "Schedule" }) as HTMLButtonElement;
}

describe("EditorToolbar", () => {
  it("says beside a disabled Schedule why it waits, tied by aria-describedby", () => {
    const schedule = renderToolbar(false);
    expect(schedule.disabled).toBe(true);
    const why = document.getElementById(schedule.getAttribute("aria-describedby") ?? "");
    expect(why?.textContent).toBe("Set a publish date in the future to schedule.");
    expect(schedule.title).toBe("");
  });

  it("says nothing when a future date lets it schedule", () => {
    const schedule = renderToolbar(true);
    expect(schedule.disabled).toBe(false);
    expect(schedule.hasAttribute("aria-describedby")).toBe(false);
    expect(screen.queryByText(/in the future/)).toBeNull();
  });
});
