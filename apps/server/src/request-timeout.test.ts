// A client that trickles its request is cut off after REQUEST_TIMEOUT_SECONDS with a 408 and the
// connection closed, instead of holding it for as long as it likes.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApp, type OpenTestApp } from "./testing/app.ts";

describe("a slow client", () => {
  let opened: OpenTestApp;
  let port: number;
  beforeAll(async () => {
    opened = await openTestApp("sqlite", { config: { REQUEST_TIMEOUT_SECONDS: "1" } });
    await opened.app.listen({ host: "127.0.0.1", port: 0 });
    port = (opened.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => opened.close());

  it("trickling a body a byte every 200 ms gets a 408 and a closed connection within seconds", async () => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    // The server may reset the connection it closes while a byte is on its way (a write then
    // fails with ECONNRESET): closed either way, which the test checks through "close".
    socket.on("error", () => {});
    socket.write(
      "POST /api/auth/local HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
        "Content-Length: 200\r\n\r\n{",
    );
    const started = Date.now();
    let trickled = 0;
    const trickle = setInterval(() => {
      if (!socket.writable) return;
      socket.write(" ");
      trickled++;
    }, 200);
    await new Promise<void>((resolve) => socket.on("close", () => resolve()));
    clearInterval(trickle);
    const held = Date.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"message":"The request took too long to arrive"');
    // Not cut early (a lower bound no load can break), and cut long before the 199 bytes still due
    // had trickled in (about 40 s): counted in bytes, not bounded by the wall clock.
    expect(held).toBeGreaterThanOrEqual(900);
    expect(trickled).toBeLessThan(100);
  });
});
