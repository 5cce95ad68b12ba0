import type { GeoPosition } from "../domain/geo.ts";

/** The company's public contacts, from the configuration. */
export interface Contacts {
  brandName: string;
  phone: string;
  /** Digits only, country code first, as wa.me links want it. */
  whatsapp: string;
  /** Username without @. */
  telegram: string;
  email: string;
  officeAddress: string;
  /** Where the office is: its pin on the maps and its place in search engines' data. */
  officePosition: GeoPosition;
  /** The company's external page about its services, when it has one. */
  servicesUrl?: string | undefined;
}

export function whatsappLink(number: string, message: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}

export function telegramLink(username: string): string {
  return `https://t.me/${username}`;
}

export function phoneLink(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, "")}`;
}

export function emailLink(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}
