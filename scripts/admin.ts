/**
 * Admin accounts by hand, on the database the configuration names (DATABASE_URL, or the
 * embedded one in DATA_DIR; stop the server first when it is the embedded one):
 *   npm run admin -- create EMAIL            asks for the password (or ADMIN_PASSWORD)
 *   npm run admin -- reset-password EMAIL    new password, re-enables, ends its sessions
 *   npm run admin -- disable EMAIL           disables the account and ends its sessions
 *   npm run admin -- list
 *   npm run admin -- require-2fa on|off      two-factor sign-in required for every admin
 *   npm run admin -- reset-2fa EMAIL         removes an admin's authenticator (lost phone)
 */
import { createInterface } from "node:readline/promises";
import {
  AccountError,
  createAccount,
  disableAccount,
  findAccountByEmail,
  listAccounts,
  resetPassword,
} from "../app/features/auth/accounts.server.ts";
import { disableTotp, setTotpRequired } from "../app/features/auth/second-factor.server.ts";
import { openConfiguredDatabase } from "./configured-database.ts";

const [command, arg] = process.argv.slice(2);
const usage =
  "Usage: npm run admin -- create EMAIL | reset-password EMAIL | disable EMAIL | list | require-2fa on|off | reset-2fa EMAIL";
const needsEmail = ["create", "reset-password", "disable", "reset-2fa"];
if (
  !command ||
  (needsEmail.includes(command) && !arg) ||
  !needsEmail.concat("list", "require-2fa").includes(command)
) {
  console.error(usage);
  process.exit(2);
}

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    // Piped in: the first line is the password.
    const rl = createInterface({ input: process.stdin });
    for await (const line of rl) return line;
    return "";
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Hide what is typed.
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  const first = await (async () => {
    process.stdout.write("Password (at least 12 characters): ");
    output._writeToOutput = () => {};
    return rl.question("");
  })();
  process.stdout.write("\nAgain: ");
  const second = await rl.question("");
  process.stdout.write("\n");
  rl.close();
  if (first !== second) throw new AccountError("The two passwords differ.");
  return first;
}

const { config, database } = await openConfiguredDatabase();
try {
  await database.exclusive(() => database.migrate());
  const db = database.db;
  if (command === "create") {
    const account = await createAccount(db, arg ?? "", await askPassword());
    console.log(`Created the admin account ${account.email}. Sign in at ${config.publicUrl}/admin`);
  } else if (command === "reset-password") {
    await resetPassword(db, arg ?? "", await askPassword());
    console.log(`New password set for ${arg}; its sessions were ended.`);
  } else if (command === "disable") {
    await disableAccount(db, arg ?? "");
    console.log(`Disabled ${arg}; its sessions were ended. reset-password enables it again.`);
  } else if (command === "reset-2fa") {
    const user = await findAccountByEmail(db, arg ?? "");
    if (!user) throw new AccountError(`No admin account for ${arg}.`);
    await disableTotp(db, user.id);
    console.log(`Removed the authenticator of ${user.email}.`);
  } else if (command === "require-2fa") {
    if (arg !== "on" && arg !== "off") throw new AccountError(usage);
    await setTotpRequired(db, arg === "on");
    console.log(`Two-factor sign-in is ${arg === "on" ? "required" : "optional"} for admins.`);
  } else {
    const accounts = await listAccounts(db);
    if (accounts.length === 0) console.log("No admin accounts yet.");
    for (const a of accounts) {
      console.log(
        `${a.email}\t${a.disabled ? "disabled" : "active"}\t${a.secondFactor ? "2FA" : "no 2FA"}\tcreated ${a.createdAt.toISOString()}`,
      );
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
