import { describe, expect, it } from "vitest";
import { rentReminderEmail } from "./lease-messages.ts";

const reminder = {
  tenantName: "Somchai",
  unitName: "Garden Terrace Condo",
  dueDate: "2027-01-15",
  owed: 28000,
  kind: "rent" as const,
  overdue: false,
};

describe("rent reminders", () => {
  it("speak Thai, with the Buddhist-era year", () => {
    const mail = rentReminderEmail(reminder, "th");
    expect(mail.subject).toBe("แจ้งเตือน: ใกล้ถึงกำหนดชำระค่าเช่า Garden Terrace Condo");
    expect(mail.text).toContain("เรียน คุณSomchai");
    expect(mail.text).toContain("15 มกราคม 2570");
    expect(mail.text).toContain("28,000 THB");
  });
  it("speak English and Russian", () => {
    expect(rentReminderEmail(reminder, "en").text).toContain(
      "the rent for Garden Terrace Condo, 28,000 THB, is due on 15 January 2027",
    );
    expect(rentReminderEmail({ ...reminder, overdue: true, kind: "deposit" }, "en").subject).toBe(
      "Overdue: deposit for Garden Terrace Condo",
    );
    expect(rentReminderEmail({ ...reminder, overdue: true }, "ru").text).toContain(
      "Срок оплаты аренды за Garden Terrace Condo был 15 января 2027 г., не оплачено 28\u00a0000 THB",
    );
  });
});
