/**
 * Whether `text` looks like an e-mail address: one "@" with something before it, and a domain
 * with a dot that has something on both sides; no white space. The same rule as
 * /^[^\s@]+@[^\s@]+\.[^\s@]+$/, checked in one pass: that pattern backtracks quadratically on
 * input such as "a@" followed by thousands of dots, and a form field must never cost more than
 * its length.
 */
export function isEmailAddress(text: string): boolean {
  const at = text.indexOf("@");
  if (at < 1 || text.indexOf("@", at + 1) !== -1) return false;
  const domain = text.slice(at + 1);
  const dot = domain.indexOf(".", 1);
  if (dot === -1 || dot === domain.length - 1) return false;
  return !/\s/.test(text);
}
