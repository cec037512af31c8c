/**
 * A file the settings link to a platform's tool id (`flowise: { tools: { <id>: <file> } }`): where a
 * flow's tool is read from when the flow holds only the id and the export beside it holds none; or a
 * document they name for a platform's loaders (`dify: { providers: { <name>: <file> } }`).
 */
export interface LinkedToolFile {
  /** Absolute path, resolved from the settings file's folder. */
  file: string;
  /** Where it was named, as messages say: `flowise.tools.<id> in tooldeck.config.yaml`. */
  origin: string;
}
