import { useRouteLoaderData } from "react-router";
import type { Contacts } from "./contacts.ts";

/** The company's contacts, as the root loader passed them from the configuration. */
export function useContacts(): Contacts | undefined {
  return useRouteLoaderData<{ contacts: Contacts }>("root")?.contacts;
}
