/** Made by scripts/common-passwords.ts; bundled with the server, read once at start. */
import COMMON_PASSWORDS from "./common-passwords.json" with { type: "json" };

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

const common = new Set(COMMON_PASSWORDS);

/** Lower-cased, without spaces: "Password 1234!" and "password1234!" are the same guess. */
function normalizeGuess(password: string): string {
  return password.toLowerCase().replace(/\s+/g, "");
}

/**
 * Why a password is refused, or null when it is fine. NIST SP 800-63B: length over composition
 * rules; refuse passwords that are known to be common, one repeated character, or the e-mail.
 */
export function passwordProblem(password: string, email?: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters long.`;
  if (length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters long.`;
  const guess = normalizeGuess(password);
  if (common.has(guess) || /^(.)\1*$/u.test(guess)) {
    return "This password is too common. Choose a longer, less predictable one (a few random words work well).";
  }
  const local = normalizeGuess(email?.split("@")[0] ?? "");
  if (local.length >= 3 && guess.includes(local) && guess.length - local.length < 8) {
    return "The password must not be built from the e-mail address.";
  }
  return null;
}
