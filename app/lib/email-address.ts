/**
 * Whether `text` is one e-mail address that the mailer will deliver to, and only to it. Two
 * checks must both pass, so what is checked is what is sent:
 *
 * - nodemailer's own address parser (the one `sendMail` runs on `to`) reads exactly one address,
 *   with no display name and no group, equal to `text`. "root,victim@example.com" is two
 *   addresses to it, and "<img/src=x/onerror=alert(1)>@evil.example" an address other than the
 *   one typed: both refused.
 * - a subset of RFC 5321: a dot-atom local part of at most 64 characters, a domain of at least
 *   two letter-digit-hyphen labels (each at most 63, the last not all digits), at most 254 in all.
 *   Quoted local parts, address literals and non-ASCII addresses are not accepted.
 *
 * Every step is linear in the length, and the length is bounded before anything else runs.
 */
import addressparser from "nodemailer/lib/addressparser";

export const MAX_EMAIL_LENGTH = 254;
export const MAX_LOCAL_PART_LENGTH = 64;
const MAX_LABEL_LENGTH = 63;

const ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** The RFC 5321 subset alone (no parser): local@domain as described above. */
export function isPlainAddress(text: string): boolean {
  if (text.length > MAX_EMAIL_LENGTH) return false;
  const at = text.lastIndexOf("@");
  if (at < 1) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (local.length > MAX_LOCAL_PART_LENGTH) return false;
  if (!local.split(".").every((atom) => ATOM.test(atom))) return false;
  const labels = domain.split(".");
  if (labels.length < 2) return false;
  if (!labels.every((l) => l.length <= MAX_LABEL_LENGTH && LABEL.test(l))) return false;
  return !/^[0-9]+$/.test(labels[labels.length - 1] ?? "");
}

export function isEmailAddress(text: string): boolean {
  if (text.length > MAX_EMAIL_LENGTH || !isPlainAddress(text)) return false;
  const parsed = addressparser(text);
  if (parsed.length !== 1) return false;
  const [only] = parsed;
  if (!only || "group" in only || only.name !== "") return false;
  return only.address === text;
}

/** The form in which addresses are compared, stored for suppression and hashed for limits. */
export function normaliseEmail(text: string): string {
  return text.trim().toLowerCase();
}
