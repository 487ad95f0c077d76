// The editor's toolbar by role and state (docs/product/studio.md#studio): authors save drafts;
// editors also schedule, publish and unpublish; a read-only article has no actions.
import type { Role, StudioArticle } from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { editorAccess } from "./editor-access";
import { type StatusWork, toolbarActions } from "./toolbar-actions";

const work: StatusWork = {
  save: async () => {},
  publishNow: async () => {},
  schedule: async () => {},
  unpublish: async () => {},
};

/** The toolbar as "label:variant" (and "!" when refused) for `role` on an article in `state`. */
function toolbar(role: Role, state: "draft" | "scheduled" | "published" | null, future = true) {
  const saved = state && ({ attributes: { state } } as StudioArticle);
  return toolbarActions(editorAccess(role, saved), future, work).map(
    (a) => `${a.label}:${a.variant}${a.disabled ? "!" : ""}`,
  );
}

describe("toolbarActions", () => {
  it("gives authors Save draft on drafts and nothing on published articles", () => {
    expect(toolbar("author", null)).toEqual(["Save draft:primary"]);
    expect(toolbar("author", "draft")).toEqual(["Save draft:primary"]);
    expect(toolbar("author", "scheduled")).toEqual([]);
    expect(toolbar("author", "published")).toEqual([]);
  });

  it("gives editors Schedule (with a future date only) and Publish now on drafts", () => {
    expect(toolbar("editor", "draft")).toEqual([
      "Save draft:secondary",
      "Schedule:secondary",
      "Publish now:primary",
    ]);
    const past = toolbarActions(editorAccess("admin", null), false, work);
    expect(past[1]).toMatchObject({
      kind: "schedule",
      disabled: true,
      why: "Set a publish date in the future to schedule.",
    });
  });

  it("gives editors Save changes and Unpublish, and Publish now while scheduled", () => {
    expect(toolbar("admin", "scheduled")).toEqual([
      "Save changes:primary",
      "Publish now:secondary",
      "Unpublish:secondary",
    ]);
    expect(toolbar("editor", "published")).toEqual(["Save changes:primary", "Unpublish:secondary"]);
  });
});
