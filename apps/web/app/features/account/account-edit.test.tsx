// The photo section of the account's edit mode: what a pick is checked against, the preview, the
// multipart submission to the route's action, and the action's answer.
import type { OwnUser } from "@pragmatist/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { AccountEdit } from "./account-edit";

const user = {
  id: 7,
  username: "Maya Okafor",
  email: "maya@example.com",
  profilePicture: null,
} as unknown as OwnUser;

/** Renders the edit mode on a route whose action records the form and answers `answer`. */
function renderEdit(answer: unknown) {
  const sent: FormData[] = [];
  renderRoute(<AccountEdit user={user} onBack={() => undefined} />, {
    path: "/account",
    action: async ({ request }) => {
      sent.push(await request.formData());
      return answer;
    },
  });
  return sent;
}

const picker = () => screen.getByLabelText("Choose a photo") as HTMLInputElement;
const pick = (file: File) => fireEvent.change(picker(), { target: { files: [file] } });
const upload = () => fireEvent.click(screen.getByRole("button", { name: "Upload" }));

describe("AccountEdit photo section", () => {
  beforeEach(() => {
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:preview");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it("asks for an image when Upload is pressed without one", () => {
    const sent = renderEdit({ ok: true, intent: "photo" });
    upload();
    expect(screen.getByText("Choose an image first")).toBeTruthy();
    expect(document.activeElement).toBe(picker());
    expect(picker().getAttribute("aria-invalid")).toBe("true");
    expect(sent).toHaveLength(0);
  });

  it("refuses a file that is not an image", () => {
    renderEdit({ ok: true, intent: "photo" });
    pick(new File(["%PDF"], "cv.pdf", { type: "application/pdf" }));
    expect(screen.getByText("Choose a JPEG, PNG, WebP or GIF image")).toBeTruthy();
    expect(screen.queryByAltText("Preview of the new photo")).toBeNull();
  });

  it("previews the pick, uploads it as multipart and says when it is done", async () => {
    const sent = renderEdit({ ok: true, intent: "photo" });
    const photo = new File(["png"], "me.png", { type: "image/png" });
    pick(photo);
    expect(screen.getByAltText("Preview of the new photo").getAttribute("src")).toBe(
      "blob:preview",
    );
    upload();
    expect(await screen.findByText("Photo updated.")).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get("intent")).toBe("photo");
    expect(sent[0]!.get("id")).toBe("7");
    expect((sent[0]!.get("file") as File).name).toBe("me.png");
    expect(screen.queryByAltText("Preview of the new photo")).toBeNull();
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:preview"));
  });

  it("shows the action's refusal under the picker", async () => {
    renderEdit({ error: "That image is too large. Choose a smaller one.", intent: "photo" });
    pick(new File(["gif"], "big.gif", { type: "image/gif" }));
    upload();
    expect(await screen.findByText("That image is too large. Choose a smaller one.")).toBeTruthy();
  });
});
