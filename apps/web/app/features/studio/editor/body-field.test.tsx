// The body field as a writer meets it (docs/product/studio.md#studio-images,
// #studio-toolbar): pasted images hold their place while they upload and become Markdown; a
// refused one leaves its message and no trace in the text; the word count follows the text.
import { act, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../../../test/route-test-kit";
import { type ArticleForm, formOf } from "../article-form";
import { BodyField } from "./body-field";
import { bindTextFields } from "./field-binding";

/** The body field over a form whose body is `content`, as the editor binds it. */
function Harness({ content }: { content: string }) {
  const [form, setForm] = useState<ArticleForm>(() => ({ ...formOf(null, new Date()), content }));
  const edit = (patch: Partial<ArticleForm>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <BodyField form={form} field={bindTextFields(form, {}, edit)} initialView="write" canEdit />
  );
}

const body = () => screen.getByRole("textbox", { name: "Body (Markdown)" }) as HTMLTextAreaElement;
const png = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });
const paste = (files: File[]) =>
  fireEvent.paste(body(), {
    clipboardData: { files, types: ["Files"] } as unknown as DataTransfer,
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("images in the body", () => {
  it("holds each pasted image's place while it uploads, then writes it as Markdown", async () => {
    const answers: ((r: Response) => void)[] = [];
    vi.stubGlobal("fetch", (url: string) => {
      expect(url).toBe("/api/studio/images");
      return new Promise<Response>((resolve) => answers.push(resolve));
    });
    renderRoute(<Harness content="Fees fell." />);
    body().setSelectionRange(10, 10);
    paste([png("fee-chart.png"), png("volume.png")]);
    expect(body().value).toBe(
      "Fees fell.\n\n![Uploading fee-chart.png…]()\n\n![Uploading volume.png…]()\n\n",
    );
    expect(screen.getByText("Uploading 2 images…")).toBeTruthy();
    const stored = (url: string) => Response.json([{ id: 1, url }], { status: 201 });
    await act(async () =>
      answers[1]!(stored("/uploads/articles/images/800x400-bbbbbbbbbbbbbbbb.webp")),
    );
    await act(async () =>
      answers[0]!(stored("/uploads/articles/images/800x400-aaaaaaaaaaaaaaaa.webp")),
    );
    expect(body().value).toBe(
      "Fees fell.\n\n![fee chart](/uploads/articles/images/800x400-aaaaaaaaaaaaaaaa.webp)\n\n" +
        "![volume](/uploads/articles/images/800x400-bbbbbbbbbbbbbbbb.webp)\n\n",
    );
    expect(screen.queryByText(/Uploading/)).toBeNull();
  });

  it("says why an image was refused and leaves nothing of it in the text", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json(
        {
          data: null,
          error: {
            status: 413,
            name: "PayloadTooLargeError",
            message: "The image must be at most 5 MB",
          },
        },
        { status: 413 },
      ),
    );
    renderRoute(<Harness content="Intro." />);
    body().setSelectionRange(6, 6);
    await act(async () => paste([png("huge.png")]));
    expect(body().value).toBe("Intro.\n\n\n\n");
    expect(screen.getByText("huge.png: The image must be at most 5 MB")).toBeTruthy();
  });

  it("leaves a paste of text to the browser", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderRoute(<Harness content="" />);
    const event = paste([]);
    expect(event).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("the word count", () => {
  it("counts the words readers read, without code, and the time they take", async () => {
    const words = Array.from({ length: 460 }, () => "word").join(" ");
    renderRoute(<Harness content={`${words}\n\n\`\`\`\nnot counted here\n\`\`\``} />);
    expect(await screen.findByText("460 words · 2 min read")).toBeTruthy();
    fireEvent.change(body(), { target: { value: "Just three words" } });
    expect(await screen.findByText("3 words · 1 min read")).toBeTruthy();
  });
});

describe("the preview", () => {
  it("highlights code as the article page does", async () => {
    renderRoute(<Harness content={"```js\nconst fee = 1;\n```"} />);
    const preview = screen.getByRole("article", { name: "Preview" });
    await vi.waitFor(() =>
      expect(preview.querySelector("code.hljs .hljs-keyword")?.textContent).toBe("const"),
    );
  });
});
