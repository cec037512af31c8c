/** What a file-system error code means, in words; the code itself is kept for searching. */
const MEANINGS: Record<string, string> = {
  ENOENT: "no such file or folder",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ELOOP: "too many symbolic links (a symlink loop)",
  EISDIR: "is a folder",
  ENOTDIR: "a part of the path is not a folder",
  ENAMETOOLONG: "the name is too long",
  EMFILE: "too many open files",
  ENFILE: "too many open files",
  EBUSY: "the file is busy",
};

/** `no such file or folder (ENOENT)`, or undefined for a code that is no file-system error. */
export function fsErrorText(code: string | undefined): string | undefined {
  const meaning = code === undefined ? undefined : MEANINGS[code];
  return meaning === undefined ? undefined : `${meaning} (${code})`;
}

/**
 * A file-system error thrown past every loader (a `stat` of a path given on the command line) as one
 * line: `tools/loop: too many symbolic links (a symlink loop) (ELOOP)`. Undefined for any other error.
 */
export function describeFsError(error: unknown): string | undefined {
  const { code, path } = (error ?? {}) as NodeJS.ErrnoException;
  const text = fsErrorText(code);
  if (text === undefined) return undefined;
  return path ? `${path}: ${text}` : text;
}
