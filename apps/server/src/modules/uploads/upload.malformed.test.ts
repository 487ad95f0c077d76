// POST /api/upload and POST /api/studio/images with bodies that are not one valid image: always a
// 4xx in the Strapi error body, never a 500, and only an accepted file spends one of the member's
// uploads (docs/product/api.md#api-upload).
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { registerMember } from "../../testing/fixtures.ts";
import { multipart } from "../../testing/multipart.ts";
import { type Malformed, unparsableBodies } from "../../plugins/error-answers.testing.ts";
import { UNREADABLE_UPLOADS_PER_HOUR, UPLOADS_PER_HOUR } from "./upload.service.ts";

const MALFORMED = "The request body is not valid multipart/form-data";
const ONE_FILE = "Send one image in the multipart field files";
const BOUNDARY = "----pragmatistTestBoundary";
const WITH_BOUNDARY = `multipart/form-data; boundary=${BOUNDARY}`;
const NO_BOUNDARY = "multipart/form-data";
const filePartHead =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n` +
  "Content-Type: image/png\r\n\r\n";

/** A body the upload refuses with a 400 and `message`, sent with `contentType` (and `extra`). */
const refused = (
  label: string,
  contentType: string,
  payload: string,
  message: string,
  extra: Record<string, string> = {},
): Malformed => ({
  label,
  headers: { "content-type": contentType, ...extra },
  payload,
  status: 400,
  message,
});

/** Bodies that are not one readable file in multipart/form-data, with their exact answers. */
const malformed: Malformed[] = [
  refused(
    "multipart without a boundary",
    NO_BOUNDARY,
    `${filePartHead}abc\r\n--${BOUNDARY}--\r\n`,
    MALFORMED,
  ),
  refused("an empty body without a boundary", NO_BOUNDARY, "", MALFORMED),
  refused("a body cut off inside the file part", WITH_BOUNDARY, `${filePartHead}abcdef`, MALFORMED),
  refused(
    "a multipart body shorter than its Content-Length",
    WITH_BOUNDARY,
    `${filePartHead}abc`,
    MALFORMED,
    { "content-length": "500" },
  ),
  refused(
    "text that has no boundary in it",
    WITH_BOUNDARY,
    "hello world, no parts here",
    MALFORMED,
  ),
  refused("an empty body with a boundary", WITH_BOUNDARY, "", ONE_FILE),
  refused(
    "a part whose header is malformed",
    WITH_BOUNDARY,
    `--${BOUNDARY}\r\nContent-Disposition form-data name=files\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`,
    ONE_FILE,
  ),
  refused("plain text", "text/plain", "abc", ONE_FILE),
  {
    label: "raw image bytes (no parser for their type)",
    headers: { "content-type": "image/png" },
    payload: "\x89PNG",
    status: 415,
    message: "This content type is not accepted here",
  },
  ...unparsableBodies,
];

describe.each(engines)("malformed uploads on %s", (engine) => {
  const ctx = withTestApp(engine);
  const member = () => registerMember((o) => ctx.app.inject(o));
  const png = () => sharp({ create: { width: 8, height: 8, channels: 3, background: "#123" } });

  const post = (
    auth: Record<string, string>,
    headers: Record<string, string>,
    payload: unknown,
    url = "/api/upload",
  ) =>
    ctx.app.inject({
      method: "POST",
      url,
      headers: { ...headers, ...auth },
      payload: payload as string,
    });
  const image = async (auth: Record<string, string>, data: Buffer) => {
    const body = multipart([{ field: "files", filename: "a.png", type: "image/png", data }]);
    return post(auth, body.headers, body.payload);
  };

  it.each(malformed)("answers $status to $label in the error body", async (c) => {
    const { auth } = await member();
    const res = await post(auth, c.headers, c.payload);
    expect(res.statusCode).toBe(c.status);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      data: null,
      error: { status: c.status, name: "ValidationError", message: c.message, details: {} },
    });
  });

  it.each(malformed)(
    "answers a writer the same $status for $label as an article's image",
    async (c) => {
      const writer = await member();
      await ctx.db.kysely
        .updateTable("users")
        .set({ role: "author" })
        .where("id", "=", writer.id)
        .execute();
      const res = await post(writer.auth, c.headers, c.payload, "/api/studio/images");
      expect(res.statusCode).toBe(c.status);
      expect(res.json()).toEqual({
        data: null,
        error: { status: c.status, name: "ValidationError", message: c.message, details: {} },
      });
    },
  );

  it("spends an upload only on an accepted file: refusals first, then 30 uploads, then 429", async () => {
    const { auth } = await member();
    const good = await png().png().toBuffer();
    const refused: number[] = [];
    // More refusals than the budget: malformed bodies, a refused type, an unreadable image and one
    // over 5 MB.
    for (let i = 0; i < UPLOADS_PER_HOUR + 1; i += 1) {
      const c = malformed[i % malformed.length] as Malformed;
      refused.push((await post(auth, c.headers, c.payload)).statusCode);
    }
    refused.push(
      (await image(auth, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).statusCode,
    );
    refused.push((await image(auth, good.subarray(0, 60))).statusCode);
    refused.push(
      (await image(auth, Buffer.concat([good, Buffer.alloc(6 * 1024 * 1024)]))).statusCode,
    );
    expect(refused.every((s) => s === 400 || s === 413 || s === 415)).toBe(true);
    for (let i = 0; i < UPLOADS_PER_HOUR; i += 1) {
      expect((await image(auth, good)).statusCode, `upload ${i + 1}`).toBe(201);
    }
    const over = await image(auth, good);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({ status: 429, name: "RateLimitError" });
  });

  it("still bounds images that cannot be decoded: 30 an hour, then 429", async () => {
    const { auth } = await member();
    const cut = (await png().png().toBuffer()).subarray(0, 60);
    for (let i = 0; i < UNREADABLE_UPLOADS_PER_HOUR; i += 1) {
      const res = await image(auth, cut);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe("The image could not be read");
    }
    const over = await image(auth, cut);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.name).toBe("RateLimitError");
    // Refused types are not decoded, so they are never limited by this budget.
    const svg = await image(auth, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"));
    expect(svg.statusCode).toBe(400);
  });
});
