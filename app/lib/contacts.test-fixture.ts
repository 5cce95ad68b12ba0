import type { Contacts } from "./contacts.ts";

/** The demo company's contacts (the configuration's defaults), for tests. */
export const DEMO_CONTACTS: Contacts = {
  brandName: "Kamala Living",
  phone: "+66 76 000 100",
  whatsapp: "6676000100",
  telegram: "kamala_living_desk",
  email: "rentals@example.com",
  officeAddress: "88/8 Rim Had Road, Kamala, Kathu, Phuket 83150",
  officePosition: { latitude: 7.9505, longitude: 98.2838 },
};
