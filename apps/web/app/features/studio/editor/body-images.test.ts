// What the body field writes for an image (docs/product/studio.md#studio-images).
import { describe, expect, it } from "vitest";
import { altFromFileName, imageFiles, imageMarkdown, uploadingMarkdown } from "./body-images";

describe("the body's image Markdown", () => {
  it("starts an alt text from the file's name, never with a bracket that would end it", () => {
    expect(altFromFileName("fee-chart_2025.png")).toBe("fee chart 2025");
    expect(altFromFileName("Screenshot 2026-11-30 at 09.12.04.png")).toBe(
      "Screenshot 2026 11 30 at 09 12 04",
    );
    expect(altFromFileName("[draft] chart.webp")).toBe("draft chart");
    expect(altFromFileName(".png")).toBe("Image");
  });

  it("holds an upload's place with an image of no address, then writes the stored one", () => {
    expect(uploadingMarkdown("chart.png")).toBe("![Uploading chart.png…]()");
    expect(
      imageMarkdown("fee chart", "/uploads/articles/images/800x400-1a2b3c4d5e6f7a8b.webp"),
    ).toBe("![fee chart](/uploads/articles/images/800x400-1a2b3c4d5e6f7a8b.webp)");
  });

  it("takes the images of a paste or drop and leaves other files alone", () => {
    const files = [
      new File(["x"], "a.png", { type: "image/png" }),
      new File(["x"], "notes.txt", { type: "text/plain" }),
      new File(["x"], "b.jpg", { type: "image/jpeg" }),
    ];
    const data = { files } as unknown as DataTransfer;
    expect(imageFiles(data).map((f) => f.name)).toEqual(["a.png", "b.jpg"]);
    expect(imageFiles(null)).toEqual([]);
  });
});
