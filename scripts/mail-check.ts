/**
 * Sends one test mail through SMTP_URL, signed as the site signs its mail, and prints what went:
 *   npm run mail:check -- ADDRESS     (the desk's first address, or CONTACT_EMAIL, when omitted)
 * Then open the mail at ADDRESS and read its Authentication-Results: spf, dkim and dmarc should
 * all say pass. docs/mail.md lists the DNS records.
 */
import { resolveTxt } from "node:dns/promises";
import { mailCheck } from "../app/features/leads/mail-check.server.ts";
import { ConfigError, loadConfig } from "../app/lib/config.server.ts";
import { isEmailAddress } from "../app/lib/email-address.ts";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(2);
}
const email = config.notifications.email;
if (!email) {
  console.error("SMTP_URL is not set: the site sends no mail. docs/mail.md says what to set.");
  process.exit(2);
}
const to = process.argv[2] ?? email.desk[0] ?? config.contacts.email;
if (!isEmailAddress(to)) {
  console.error(`Not an e-mail address: ${to}\nUsage: npm run mail:check -- ADDRESS`);
  process.exit(2);
}

try {
  const report = await mailCheck(email, to, config.contacts.brandName, resolveTxt);
  console.log(`Sent to ${to}: the server answered "${report.response}"`);
  console.log(
    `Envelope: MAIL FROM <${report.envelope.from}>, EHLO ${email.heloName ?? "(default)"}`,
  );
  console.log("\nHeaders as sent:\n");
  console.log(report.headers);
  console.log("");
  if (!report.dkim.signed) {
    console.log("DKIM: not signed (set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY).");
  } else {
    const d = report.dkim;
    console.log(`DKIM: signed with d=${d.domain} s=${d.selector}.`);
    if (d.published === "matches") console.log(`DNS: ${d.record} holds this key.`);
    else {
      console.log(
        d.published === "missing"
          ? `DNS: no TXT record at ${d.record} yet. Publish:`
          : `DNS: the TXT record at ${d.record} holds another key. Publish:`,
      );
      console.log(`  ${d.record} TXT "${d.expected}"`);
      process.exitCode = 1;
    }
  }
} catch (error) {
  console.error(`The mail was not sent: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
