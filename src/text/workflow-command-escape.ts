/**
 * Text inside a GitHub Actions workflow command (`::error file=…,title=…::message`), escaped as the
 * runner unescapes it: `%`, CR and LF in the message, and `:` and `,` too in a property, so no text
 * ends the command early or starts a line of its own.
 */
export function escapeCommandData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A property's value (`file=`, `title=`) in a workflow command: the message's escapes, and `:` and `,`. */
export function escapeCommandProperty(text: string): string {
  return escapeCommandData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
