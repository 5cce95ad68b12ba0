import { emailLink, phoneLink, whatsappLink } from "../../lib/contacts.ts";
import { useContacts } from "../../lib/use-contacts.ts";

/** WhatsApp, call and e-mail links of the desk, as pill buttons. */
export function ContactLinks({
  whatsappLabel,
  whatsappMessage,
  callLabel,
  emailLabel,
  emailSubject,
}: {
  whatsappLabel: string;
  whatsappMessage: string;
  callLabel: string;
  emailLabel: string;
  emailSubject: string;
}) {
  const contacts = useContacts();
  if (!contacts) return null;
  const pill =
    "inline-flex items-center justify-center gap-2 rounded-full px-5 py-3 text-sm font-semibold transition";
  return (
    <div className="flex flex-wrap gap-3">
      <a
        href={whatsappLink(contacts.whatsapp, whatsappMessage)}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="whatsapp-link"
        className={`${pill} bg-[#1f7a4d] text-white hover:bg-[#17613d]`}
      >
        {whatsappLabel}
      </a>
      <a
        href={phoneLink(contacts.phone)}
        className={`${pill} border border-sea-700 text-sea-800 hover:bg-sea-50`}
      >
        {callLabel} · {contacts.phone}
      </a>
      <a
        href={emailLink(contacts.email, emailSubject)}
        className={`${pill} border border-sea-700 text-sea-800 hover:bg-sea-50`}
      >
        {emailLabel}
      </a>
    </div>
  );
}
