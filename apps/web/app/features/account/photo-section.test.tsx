// The photo section of the account's edit mode (docs/product/accounts.md#account): what a pick is
// checked against, the crop dialog, what Save photo sends to the route's action, and its answer.
// react-easy-crop is replaced by a stand-in that reports one crop (its dragging needs a layout,
// which the browser journey e2e/account-photo.test.ts has).
import type { OwnUser } from "@pragmatist/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useEffect, useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { PhotoSection } from "./photo-section";

vi.mock("react-easy-crop", () => ({
  // Reports the crop as the real one does once the photo has loaded and after each zoom.
  default: function Cropper(props: {
    image: string;
    zoom: number;
    mediaProps: { alt: string };
    onCropComplete: (area: unknown, pixels: unknown) => void;
  }) {
    const report = useRef(props.onCropComplete);
    report.current = props.onCropComplete;
    const size = 30 / props.zoom;
    useEffect(() => report.current({}, { x: 10, y: 0, width: size, height: size }), [size]);
    return <img src={props.image} alt={props.mediaProps.alt} />;
  },
}));

const user = {
  id: 7,
  username: "Maya Okafor",
  email: "maya@example.com",
  profilePicture: null,
} as unknown as OwnUser;

/** Renders the section on a route whose action records the form and answers `answer`. */
function renderSection(answer: unknown) {
  const sent: FormData[] = [];
  renderRoute(<PhotoSection user={user} />, {
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
const png = () => new File(["png"], "me.png", { type: "image/png" });
const cropDialog = () => screen.findByRole("dialog", { name: "Crop your photo" });
const isOpen = () => document.querySelector("dialog")?.open ?? false;

describe("the profile photo section", () => {
  beforeEach(() => {
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:preview");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows a styled Choose a photo control and the hint that an image may be dropped", () => {
    renderSection({ ok: true, intent: "photo" });
    expect(picker().type).toBe("file");
    expect(picker().accept).toBe("image/jpeg,image/png,image/webp,image/gif");
    expect(screen.getByText("Choose a photo").tagName).toBe("LABEL");
    expect(screen.getByText("or drop an image here.")).toBeTruthy();
  });

  it("refuses a file that is not an image, or over 5 MB, beside the picker without a dialog", () => {
    renderSection({ ok: true, intent: "photo" });
    pick(new File(["%PDF"], "cv.pdf", { type: "application/pdf" }));
    expect(screen.getByRole("alert").textContent).toBe("Choose a JPEG, PNG, WebP or GIF image");
    expect(picker().getAttribute("aria-invalid")).toBe("true");
    pick(new File([new Uint8Array(5 * 1024 * 1024 + 1)], "huge.png", { type: "image/png" }));
    expect(screen.getByRole("alert").textContent).toBe(
      "This image is over 5 MB. Choose a smaller one.",
    );
    expect(document.querySelector("dialog")).toBeNull();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it("opens the crop dialog on a pick; Cancel closes it and uploads nothing", async () => {
    const sent = renderSection({ ok: true, intent: "photo" });
    pick(png());
    const dialog = await cropDialog();
    expect(within(dialog).getByAltText("Your new photo").getAttribute("src")).toBe("blob:preview");
    expect(within(dialog).getByLabelText("Zoom")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(isOpen()).toBe(false);
    expect(sent).toHaveLength(0);
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:preview"));
    expect(screen.queryByText("Photo updated.")).toBeNull();
  });

  it("takes an image dropped on the section", async () => {
    renderSection({ ok: true, intent: "photo" });
    const zone = screen.getByText("Choose a photo").closest("div")!.parentElement!;
    fireEvent.drop(zone, { dataTransfer: { types: ["Files"], files: [png()] } });
    expect(await cropDialog()).toBeTruthy();
  });

  it("uploads the file with its zoomed square crop on Save photo, then says it is done", async () => {
    const sent = renderSection({ ok: true, intent: "photo" });
    pick(png());
    const dialog = await cropDialog();
    fireEvent.change(within(dialog).getByLabelText("Zoom"), { target: { value: "1.5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save photo" }));
    expect(await screen.findByText("Photo updated.")).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get("intent")).toBe("photo");
    expect(sent[0]!.get("id")).toBe("7");
    expect((sent[0]!.get("file") as File).name).toBe("me.png");
    expect(sent[0]!.get("crop")).toBe("10,0,20,20");
    expect(isOpen()).toBe(false);
  });

  it("shows the action's refusal in the dialog, which stays open", async () => {
    renderSection({ error: "That image is too large. Choose a smaller one.", intent: "photo" });
    pick(new File(["gif"], "big.gif", { type: "image/gif" }));
    const dialog = await cropDialog();
    fireEvent.click(within(dialog).getByRole("button", { name: "Save photo" }));
    expect(
      await within(dialog).findByText("That image is too large. Choose a smaller one."),
    ).toBeTruthy();
    expect(isOpen()).toBe(true);
  });
});
