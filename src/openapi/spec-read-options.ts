/** How OpenAPI toolkits' specs and their `$ref`s may be read (docs/security.md). */
export interface SpecReadOptions {
  /** Folders OpenAPI toolkits' `$ref`s may read from; default the repository of the working directory. */
  roots?: readonly string[];
  /** Download toolkit spec URLs and URL `$ref`s (`--allow-remote-refs`); default false. */
  allowRemoteRefs?: boolean;
}
