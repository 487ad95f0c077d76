// `npm run user:role -- <email> <role>`: gives an existing account a role; the API never can.
import { parseArgs } from "node:util";
import { type Role, roles } from "@pragmatist/contracts";
import { createServices } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDb } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { NotFoundError } from "../errors.ts";

const USAGE = `Usage: npm run user:role -- <email> <role>

Sets the role of the existing account with <email> in the database configured by
DATABASE_URL / DATA_DIR. Roles: ${roles.join(", ")}.

  --help     show this help`;

function isRole(value: string): value is Role {
  return (roles as readonly string[]).includes(value);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: "boolean", default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [email, role] = positionals;
  if (positionals.length !== 2 || !email || !role) {
    console.error(USAGE);
    return 2;
  }
  if (!isRole(role)) {
    console.error(`Unknown role "${role}". Roles: ${roles.join(", ")}.`);
    return 2;
  }
  const config = loadConfig();
  const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const services = createServices(db, config);
    try {
      const user = await services.users.setRole(email, role);
      console.log(`${user.email} (user ${user.id}, ${user.username}) is now ${user.role}`);
      return 0;
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e;
      console.error(`No account with the email ${email}`);
      return 1;
    } finally {
      await services.limits.close();
    }
  } finally {
    await db.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`user:role failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
