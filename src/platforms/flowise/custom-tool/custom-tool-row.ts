/**
 * A Flowise Custom Tool as Flowise stores it: one row of its `tool` table (Flowise 3.1.4,
 * `S/dist/database/entities/Tool.js`), the shape every source of one is read into — a flow export's own
 * tool data, the Tools page's export, `GET /api/v1/tools/{id}`, and tooldeck's `kind: custom-tool`.
 * The loaders, the static analysis and the executor all start from it.
 */
export interface CustomToolRow {
  /** The row's id, which flows name (`selectedTool`); absent for a tool written in tooldeck's format. */
  readonly id?: string | undefined;
  /** As stored: Flowise checks nothing (`Get Weather (1)` reaches the model as it is). */
  readonly name: string;
  readonly description: string;
  /** The schema rows, parsed from the row's JSON string; Flowise keeps rows it will not use. */
  readonly schema: readonly CustomToolSchemaRow[];
  /** The JavaScript function body Flowise runs as `async function() { <func> }`. */
  readonly func: string;
  /**
   * A node's `customToolSchema` override, a zod expression Flowise reads instead of `schema` (whose rows
   * then stand for its top-level properties, for the analysis).
   */
  readonly schemaExpression?: string | undefined;
}

/** One row of the schema grid: `{id, property, description, type, required}` as the UI saves it. */
export interface CustomToolSchemaRow {
  readonly property: string;
  /** Only `string`, `number`, `boolean`, `date` reach the model; any other value is dropped by Flowise. */
  readonly type: string;
  readonly description?: string | undefined;
  readonly required?: boolean | undefined;
}
