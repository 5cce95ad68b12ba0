/**
 * Makes app/features/auth/common-passwords.json, the list of common passwords the password
 * policy refuses: `node scripts/common-passwords.ts` (or `-- --check` to compare with the file).
 *
 * Every entry has 12 characters or more (shorter passwords are refused by length anyway), lower
 * case, no spaces. They are: common words and names, alone, doubled, and with the digits, years and
 * symbols people add when told "at least 12 characters"; keyboard walks and digit runs repeated to
 * 12-20 characters; and long entries of public breach top lists. Extend the lists below and run
 * the script again; a test checks that the file is what this script makes.
 */
import { readFileSync, writeFileSync } from "node:fs";

const MIN_LENGTH = 12;

/** Words people build passwords from. */
const WORDS = [
  "access",
  "admin",
  "administrator",
  "andrew",
  "angel",
  "apple",
  "autumn",
  "baby",
  "banana",
  "bangkok",
  "baseball",
  "batman",
  "buster",
  "changeme",
  "charlie",
  "chocolate",
  "company",
  "computer",
  "condo",
  "cookie",
  "daniel",
  "default",
  "dragon",
  "flower",
  "football",
  "freedom",
  "george",
  "google",
  "hello",
  "hellohello",
  "hockey",
  "hunter",
  "iloveyou",
  "internet",
  "jennifer",
  "jordan",
  "kamala",
  "killer",
  "letmein",
  "login",
  "lovely",
  "loveme",
  "manager",
  "master",
  "michael",
  "monkey",
  "office",
  "orange",
  "p@ssw0rd",
  "p@ssword",
  "passw0rd",
  "password",
  "pattaya",
  "phuket",
  "princess",
  "property",
  "qwerty",
  "qwertyuiop",
  "ranger",
  "rental",
  "robert",
  "samsung",
  "secret",
  "shadow",
  "soccer",
  "spring",
  "starwars",
  "summer",
  "sunshine",
  "superman",
  "thailand",
  "thomas",
  "trustno1",
  "villa",
  "welcome",
  "welcome1",
  "whatever",
  "winter",
];

/** What is put after a word, a doubled word, or before a word. */
const AFFIXES = [
  "!",
  "!!",
  "!2024",
  "#1",
  "007",
  "01",
  "1",
  "1!",
  "12",
  "123",
  "123!",
  "1234",
  "1234!",
  "12345",
  "123456",
  "1234567",
  "12345678",
  "2000",
  "2010",
  "2015",
  "2020",
  "2021",
  "2022",
  "2023",
  "2024",
  "2025",
  "2026",
  "2027",
  "69",
  "99",
  "@123",
  "@2024",
  "@2025",
  "@2026",
];

/** Keyboard walks and runs, repeated and cut to each length from 12 to 20. */
const WALKS = [
  "1234567890",
  "9876543210",
  "1q2w3e4r5t6y7u8i9o0p",
  "abc123",
  "asdfghjkl",
  "qwertyuiop",
  "zxcvbnm",
];

/** Long entries of public breach top lists and other patterns, as they are. */
const LITERALS = [
  "000000000000",
  "098765432109",
  "111111111111",
  "112233445566",
  "121212121212",
  "123123123123",
  "123451234512345",
  "123456123456",
  "1234567890qwerty",
  "1234567891011",
  "123456789123",
  "1234qwerty1234",
  "123qweasdzxc",
  "1qaz2wsx3edc",
  "1qaz2wsx3edc4rfv",
  "1qazxsw23edc",
  "a1b2c3d4e5f6",
  "aaaaaa111111",
  "abcd1234abcd",
  "abcdefghijkl",
  "abcdefghijklm",
  "admin@123456",
  "adminpassword",
  "arsenal12345",
  "asdfasdfasdf",
  "asdfghjkl123",
  "asdfghjkl1234",
  "barcelona123",
  "basketball12",
  "basketball123",
  "chelsea12345",
  "correcthorsebatterystaple",
  "facebook1234",
  "guest1234567",
  "iloveyouforever",
  "juventus1234",
  "kamalaliving",
  "linkedin1234",
  "liverpool123",
  "lovelovelove",
  "manchester12",
  "manunited123",
  "minecraft123",
  "mypassword123",
  "mypassword1234",
  "passwordqwerty",
  "phuket2024!!",
  "pokemon12345",
  "q1w2e3r4t5y6",
  "qazwsxedcrfv",
  "qazwsxedcrfvtgb",
  "qweasdzxc123",
  "qwerqwerqwer",
  "qwertyuiopas",
  "qwertyuiopasdfghjkl",
  "realmadrid12",
  "root12345678",
  "rootpassword",
  "test12345678",
  "testtesttest",
  "thequickbrownfox",
  "thisismypassword",
  "toor12345678",
  "unbelievable",
  "user12345678",
  "zaq12wsxcde3",
  "zxcvbnm12345",
  "zxcvbnm123456",
  "zxcvbnmasdfghjkl",
];

export function commonPasswords(): string[] {
  const list = new Set<string>();
  const add = (password: string) => {
    if (password.length >= MIN_LENGTH) list.add(password);
  };
  for (const word of WORDS) {
    add(word);
    add(word + word);
    for (const affix of AFFIXES) {
      add(word + affix);
      add(affix + word);
      add(word + word + affix);
    }
  }
  for (const walk of WALKS) {
    for (let length = MIN_LENGTH; length <= 20; length++) add(walk.repeat(5).slice(0, length));
  }
  for (const literal of LITERALS) add(literal);
  // Plain code-unit order, the same in every locale.
  return [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export const COMMON_PASSWORDS_FILE = new URL(
  "../app/features/auth/common-passwords.json",
  import.meta.url,
);

export function commonPasswordsJson(): string {
  return `${JSON.stringify(commonPasswords(), null, 2)}\n`;
}

if (import.meta.main) {
  const json = commonPasswordsJson();
  if (process.argv.includes("--check")) {
    if (readFileSync(COMMON_PASSWORDS_FILE, "utf8") !== json) {
      console.error("common-passwords.json is not what scripts/common-passwords.ts makes");
      process.exit(1);
    }
    console.info("common-passwords.json is up to date");
  } else {
    writeFileSync(COMMON_PASSWORDS_FILE, json);
    console.info(`wrote ${commonPasswords().length} passwords`);
  }
}
