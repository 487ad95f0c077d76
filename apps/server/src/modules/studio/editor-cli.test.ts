// "A new editor created with the CLI" (docs/product/accounts.md#roles):
// `npm run user:role -- <email> editor --create --username <name>` makes the account, mails an
// invitation with a link to choose a password (valid 3 days), and the editor can then sign in and
// publish. Runs the real command on a SQLite data folder of its own.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app.ts";
import { repoRoot } from "../../config.ts";
import { testConfig } from "../../testing/db.ts";

const run = promisify(execFile);
const SECRET = "test-secret-test-secret-test-secret-0123";

describe("npm run user:role creating an editor", () => {
  let dataDir: string;
  let app: App;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-editor-cli-"));
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const userRole = (...args: string[]) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      APP_SECRET: SECRET,
      PUBLIC_URL: "http://localhost:3000",
      LOG_LEVEL: "silent",
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.SMTP_URL;
    return run(process.execPath, ["apps/server/src/cli/user-role.ts", ...args], {
      cwd: repoRoot,
      env,
    });
  };

  it("creates the account, mails a password link, and the editor can publish", async () => {
    const missing = await userRole("maya@example.test", "editor").catch((e: unknown) => e);
    expect((missing as { code: number }).code).toBe(1);
    expect((missing as { stderr: string }).stderr).toContain("add --create --username");

    const { stdout } = await userRole(
      "Maya@Example.test",
      "editor",
      "--create",
      "--username",
      "Maya Okafor",
    );
    expect(stdout).toMatch(/Created maya@example\.test \(user \d+, Maya Okafor\) as editor/);
    const link = /Link to choose a password: (\S+)/.exec(stdout)?.[1];
    expect(link).toMatch(/^http:\/\/localhost:3000\/passreset\?code=/);
    const code = new URL(link as string).searchParams.get("code") as string;
    // An invitation, not a reset nobody asked for, and a link that outlasts a weekend.
    expect(stdout).toContain("valid 3 days");
    const mailFile = /Mail written to (\S+)/.exec(stdout)?.[1] ?? "";
    const mail = fs.readFileSync(mailFile, "utf8");
    expect(mail).toContain("Subject: Your Crypto Pragmatist account: choose your password");
    expect(mail).toContain("has been made for you");
    expect(mail).not.toMatch(/someone asked to reset/i);

    // Two days later, the link still works.
    const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    app = await buildApp(testConfig({ DATA_DIR: dataDir, APP_SECRET: SECRET }), {
      logger: false,
      clock: { now: () => later },
    });
    const password = "a long enough passphrase";
    const reset = await app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { code, password, passwordConfirmation: password },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/local",
      payload: { identifier: "maya@example.test", password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe("editor");
    const published = await app.inject({
      method: "POST",
      url: "/api/articles",
      headers: { authorization: `Bearer ${login.json().jwt}` },
      payload: { data: { title: "First from the new editor", status: "published" } },
    });
    expect(published.statusCode).toBe(201);
    expect(published.json().data.attributes.state).toBe("published");
    const audit = await app.inject({
      url: "/api/studio/audit?action=member.role",
      headers: { authorization: `Bearer ${login.json().jwt}` },
    });
    expect(audit.json().data[0]).toMatchObject({
      actor: null,
      details: { to: "editor", via: "command line" },
    });
  });
});
