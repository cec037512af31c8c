/** A word of only these characters means itself to a POSIX shell: no expansion, quote or separator. */
const PLAIN_WORD = /^[A-Za-z0-9_./@%+=:,-]+$/;

/**
 * A text as one word of a POSIX shell command line that the shell reads back as exactly that text: as it
 * is when no character means anything to the shell (`flows/`), else in single quotes, inside which the
 * shell expands nothing (`'tools$(touch pwned)/'`), each `'` written `'\''`.
 * @example
 * toShellWord("it's here"); // 'it'\''s here'
 */
export function toShellWord(text: string): string {
  return PLAIN_WORD.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
