// `npm run user:role -- <email> <role> [--create --username <name>]`: gives an account a role (and
// with --create makes the account first, e.g. a new editor); the API never can grant the first one.
import { parseArgs } from "node:util";
import { emailSchema, type Role, roles, usernameSchema } from "@pragmatist/contracts";
import { closeServices, createServices } from "../services.ts";
import { loadToolConfig } from "../config.ts";
import { openDb } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { INVITE_CODE_TTL_SECONDS } from "../modules/accounts/password-reset.ts";
import { runCommand } from "./run.ts";

const USAGE = `Usage: npm run user:role -- <email> <role> [--create --username <name>]

Sets the role of the account with <email> in the database configured by
DATABASE_URL / DATA_DIR. Roles: ${roles.join(", ")}.

  --create           when no account has <email>, create it with <role> and no
                     password, and mail the member a link to choose one (without
                     SMTP_URL the mail goes to DATA_DIR/outbox and the link is printed)
  --username <name>  the new account's display name (needed with --create)
  --help             show this help

Example: a new editor
  npm run user:role -- maya@example.com editor --create --username "Maya Okafor"`;

function isRole(value: string): value is Role {
  return (roles as readonly string[]).includes(value);
}

/**
 * Prints where the mailer wrote the mail (outbox mode), nothing else: the mail's other links (the
 * site's address in its footer) are not the one to open, which `invite` returns.
 */
const mailLog = {
  info(obj: object) {
    const { file } = obj as { file?: string };
    if (file) console.log(`Mail written to ${file}`);
  },
  warn(obj: object, msg?: string) {
    console.error(msg ?? "warning", obj);
  },
  error(obj: object, msg?: string) {
    console.error(msg ?? "error", obj);
  },
};

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      help: { type: "boolean", default: false },
      create: { type: "boolean", default: false },
      username: { type: "string" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [rawEmail, role] = positionals;
  if (positionals.length !== 2 || !rawEmail || !role) {
    console.error(USAGE);
    return 2;
  }
  if (!isRole(role)) {
    console.error(`Unknown role "${role}". Roles: ${roles.join(", ")}.`);
    return 2;
  }
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) {
    console.error(`Not a valid email address: ${rawEmail}`);
    return 2;
  }
  const username = values.username === undefined ? null : usernameSchema.safeParse(values.username);
  if (values.create && !username?.success) {
    console.error(
      username
        ? `Bad --username: ${username.error.issues[0]?.message}`
        : "--create needs --username <name>",
    );
    return 2;
  }
  const config = loadToolConfig();
  const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const services = createServices(db, config);
    try {
      try {
        const member = await services.studio.members.setRoleFromCommandLine(email.data, role);
        console.log(
          `${member.email} (user ${member.id}, ${member.username}) is now ${member.role}`,
        );
        return 0;
      } catch (e) {
        if (e instanceof ConflictError) {
          console.error(e.message);
          return 1;
        }
        if (!(e instanceof NotFoundError)) throw e;
        if (!values.create || !username?.success) {
          console.error(`No account with the email ${email.data} (add --create --username <name>)`);
          return 1;
        }
      }
      const created = await services.studio.members.createAccount({
        email: email.data,
        username: username.data,
        role,
      });
      console.log(`Created ${created.email} (user ${created.id}, ${created.username}) as ${role}`);
      const { link } = await services.passwordReset.invite(email.data, { role, log: mailLog });
      // Without SMTP the mail stays on this machine: the operator passes the link on.
      if (services.mailer.transport === "outbox") console.log(`Link to choose a password: ${link}`);
      console.log(
        `They choose a password through the mailed link (valid ${INVITE_CODE_TTL_SECONDS / 86400} days), then sign in.`,
      );
      return 0;
    } finally {
      await closeServices(services);
    }
  } finally {
    await db.close();
  }
}

runCommand("user:role", main);
