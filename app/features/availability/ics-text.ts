/**
 * Text as RFC 5545 (3.3.11) wants it inside an iCalendar file: backslash, semicolon and comma
 * escaped, each line break (CRLF, CR or LF) written `\n`, other control characters dropped. A
 * value so written can never end its line early, so a unit's name cannot slip a `BEGIN:VEVENT`
 * into the calendar that channels import. ical-generator escapes SUMMARY and the like itself,
 * but writes the calendar's name, PRODID and UID as given: those go through here.
 */
export function icsText(value: string): string {
  return value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/\p{Cc}/gu, (c) => (c === "\t" ? c : ""));
}

/** The file as sent: every line, the last one (`END:VCALENDAR`) included, ends with CRLF. */
export function icsFile(text: string): string {
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}
