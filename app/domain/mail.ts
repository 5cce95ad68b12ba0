/**
 * The kinds of mail the product sends by itself (docs/mail.md): marketing (the newsletter,
 * saved-search alerts, availability notices) stops on an unsubscribe; transactional (a reply to
 * a request just made, a confirmation link, a sign-in code, a reminder, an owner's statement)
 * never does; desk alerts go to the company's own mailbox.
 */
export type MailKind = "marketing" | "transactional" | "desk";

/** The kind of an outbox message by its purpose, for messages written without one. */
export function mailKindOfPurpose(purpose: string, hasUnsubscribe: boolean): MailKind {
  if (purpose === "alert") return "desk";
  if (purpose === "search-alert" || purpose === "availability-notice") return "marketing";
  // The newsletter's welcome is a reply with an unsubscribe link: the list's first mail.
  if (purpose === "reply" && hasUnsubscribe) return "marketing";
  return "transactional";
}
