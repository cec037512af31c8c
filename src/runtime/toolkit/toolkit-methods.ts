/** Flowise's toolkit makes tools for these methods only (not HEAD, OPTIONS, TRACE); so does the standard profile. */
export const TOOLKIT_METHODS: ReadonlySet<string> = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
