// The uploads route serving what the importer stores, and the storage refusing unsafe keys.
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { filesRoutes } from "../uploads/files.routes.ts";
import { removeFixtures, storage } from "./importer.test-fixtures.ts";

afterAll(removeFixtures);

describe("GET /uploads/*", () => {
  it("serves stored media with nosniff and immutable caching, and 404s the rest", async () => {
    const app = Fastify({ logger: false });
    filesRoutes(app, { storage });
    const bytes = Buffer.from("RIFF----WEBPVP8 test");
    const { url } = await storage.put("tests/probe-0123456789abcdef.webp", bytes, "image/webp");
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(
      (await app.inject({ method: "GET", url: "/uploads/tests/missing.webp" })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: "GET", url: "/uploads/../pragmatist.db" })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: "GET", url: "/uploads/" })).statusCode).toBe(404);
    await app.close();
  });

  it("refuses keys that could leave the uploads folder", async () => {
    await expect(storage.put("../escape.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
      /Unsafe media key/,
    );
    await expect(storage.put("/abs.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
      /Unsafe media key/,
    );
  });
});
