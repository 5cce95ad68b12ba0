import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../i18n/messages.server.ts";
import { I18nProvider } from "../../i18n/use-t.tsx";
import { DEMO_CONTACTS } from "../../lib/contacts.test-fixture.ts";
import type { Contacts } from "../../lib/contacts.ts";
import type { LeadFormResult } from "./lead-fields.ts";
import { UnitEnquiryForm } from "./unit-enquiry-form.tsx";

const contacts: Contacts = { ...DEMO_CONTACTS, officeAddress: "Kamala" };

function render(offline: boolean, lang: "en" | "ru" = "en", serverResult?: LeadFormResult<string>) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      HydrateFallback: () => null,
      Component: () => (
        <UnitEnquiryForm
          unitName="Canopy Pool Villa"
          offline={offline}
          serverResult={serverResult}
        />
      ),
    },
  ]);
  return renderToString(
    <I18nProvider value={createI18n(lang)}>
      <Stub hydrationData={{ loaderData: { root: { contacts } } }} />
    </I18nProvider>,
  );
}

describe("unit enquiry form", () => {
  it("is a plain post form with a honeypot when the unit comes from the database", () => {
    const html = render(false);
    expect(html).toContain('method="post"');
    expect(html).toContain('name="website"');
    expect(html).toContain("Send enquiry");
    expect(html).not.toContain("database is unavailable");
  });

  it("says plainly that enquiries cannot be taken while the database is down, and offers the phone", () => {
    const html = render(true);
    expect(html).not.toContain("<form");
    expect(html).toContain("Our database is unavailable right now");
    expect(html).toContain('href="tel:+6676000100"');
    expect(render(true, "ru")).toContain("База данных сейчас недоступна");
  });

  const typed = {
    name: "Olga",
    email: "olga@example",
    phone: "",
    lease: "1-month",
    moveIn: "2027-05-01",
    message: "Pets?",
  };

  it("after a refused post shows the errors beside the fields and keeps what was typed", () => {
    const html = render(false, "en", {
      status: "invalid",
      fieldErrors: { email: "forms.errors.email" },
      values: typed,
    });
    expect(html).toContain("Please enter a valid e-mail address.");
    expect(html).toContain('value="Olga"');
    expect(html).toContain('value="olga@example"');
    expect(html).toContain('value="2027-05-01"');
    expect(html).toContain("Pets?");
    expect(html).toMatch(/<option value="1-month" selected="">/);
  });

  it("tells the visitor when they are over the rate limit or the database failed", () => {
    expect(
      render(false, "en", { status: "rate-limited", retryAfterSeconds: 540, values: typed }),
    ).toContain("Too many attempts from your connection. Please try again in 9 minutes.");
    const down = render(false, "ru", { status: "unavailable", values: typed });
    expect(down).toContain("Не удалось сохранить ваши данные");
    expect(down).toContain('value="Olga"');
  });
});
