// The mailer as an operator sees it: real SMTP when SMTP_URL is set, an outbox with logged links
// otherwise, and mails in the house style.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeMail } from "./compose.ts";
import { createMailer, type MailLogger } from "./mailer.ts";
import { type SmtpSink, startSmtpSink } from "../../testing/smtp-sink.ts";

const FROM = '"Crypto Pragmatist" <no-reply@localhost>';
const message = {
  to: "reader@example.test",
  subject: "Reset your Crypto Pragmatist password",
  ...composeMail({
    siteName: "Crypto Pragmatist",
    publicUrl: "http://localhost:3000",
    intro: ["Hello <Ada> & co,"],
    action: { label: "Choose a new password", url: "http://localhost:3000/passreset?code=abc_-1" },
    outro: ["The link works once."],
  }),
};

function recordingLogger() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg?: string }> = [];
  const log: MailLogger = {
    info: (obj, msg) => lines.push({ level: "info", obj: obj as Record<string, unknown>, msg }),
    warn: (obj, msg) => lines.push({ level: "warn", obj: obj as Record<string, unknown>, msg }),
    error: (obj, msg) => lines.push({ level: "error", obj: obj as Record<string, unknown>, msg }),
  };
  return { log, lines };
}

describe("mailer over SMTP", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it("delivers plain text and HTML from MAIL_FROM, and logs no links", async () => {
    const mailer = createMailer({ smtpUrl: sink.url, from: FROM, dataDir: ":memory:" });
    expect(mailer.transport).toBe("smtp");
    const { log, lines } = recordingLogger();
    await mailer.send(message, log);
    mailer.close();
    const mail = await sink.next();
    expect(mail.envelopeTo).toEqual(["reader@example.test"]);
    expect(mail.from).toMatchObject({ name: "Crypto Pragmatist", address: "no-reply@localhost" });
    expect(mail.subject).toBe(message.subject);
    expect(mail.text).toContain("http://localhost:3000/passreset?code=abc_-1");
    expect(mail.text).toContain("Hello <Ada> & co,");
    expect(mail.html).toContain("Hello &lt;Ada&gt; &amp; co,");
    expect(mail.html).toContain('href="http://localhost:3000/passreset?code=abc_-1"');
    expect(mail.html).not.toMatch(/<img|<script/i);
    expect(lines).toEqual([]);
    expect(await mailer.outboxDir()).toBeNull();
  });

  it("fails loudly when the SMTP server is unreachable", async () => {
    const mailer = createMailer({
      smtpUrl: "smtp://127.0.0.1:1",
      from: FROM,
      dataDir: ":memory:",
    });
    await expect(mailer.send(message)).rejects.toThrow();
  });
});

describe("mailer without SMTP", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "pragmatist-mail-test-"));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it("writes an .eml to <DATA_DIR>/outbox (owner-only) and logs the file and its links", async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, dataDir });
    expect(mailer.transport).toBe("outbox");
    const { log, lines } = recordingLogger();
    await mailer.send(message, log);
    const outbox = path.join(dataDir, "outbox");
    expect(await mailer.outboxDir()).toBe(outbox);
    const files = await fs.readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const file = path.join(outbox, files[0] as string);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const parsed = await PostalMime.parse(await fs.readFile(file, "utf8"));
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.from).toMatchObject({ address: "no-reply@localhost" });
    expect(parsed.to?.[0]).toMatchObject({ address: "reader@example.test" });
    expect(parsed.html).toContain("Choose a new password");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "info",
      obj: {
        file,
        to: "reader@example.test",
        links: ["http://localhost:3000/passreset?code=abc_-1", "http://localhost:3000"],
      },
    });
  });

  it("uses a fresh temporary folder when DATA_DIR is :memory:", async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, dataDir: ":memory:" });
    const { log, lines } = recordingLogger();
    await mailer.send(message, log);
    const folder = (await mailer.outboxDir()) as string;
    expect(folder.startsWith(os.tmpdir())).toBe(true);
    expect(await fs.readdir(folder)).toHaveLength(1);
    expect(String(lines[0]?.obj.file).startsWith(folder)).toBe(true);
    await fs.rm(folder, { recursive: true, force: true });
  });
});
