/** The tool-only option *Optimize Response* (reference facts 32, 56). */
export interface OptimizeSettings {
  responseType: "json" | "text" | "html";
  dataField: string;
  fieldsToInclude: "all" | "selected" | "except";
  fields: string[];
  /** 0: no limit. */
  maxLength: number;
}

/** The node's Optimize Response settings, or undefined when the option is off. */
export function optimizeSettingsOf(parameters: Record<string, unknown>): OptimizeSettings | undefined {
  if (parameters.optimizeResponse !== true) return undefined;
  const responseType =
    parameters.responseType === "text" || parameters.responseType === "html"
      ? parameters.responseType
      : "json";
  const include = parameters.fieldsToInclude;
  const fields = parameters.fields;
  return {
    responseType,
    dataField: typeof parameters.dataField === "string" ? parameters.dataField : "",
    fieldsToInclude: include === "selected" || include === "except" ? include : "all",
    fields: Array.isArray(fields)
      ? fields.map(String)
      : typeof fields === "string"
        ? fields.split(",").map((field) => field.trim())
        : [],
    maxLength:
      parameters.truncateResponse === true && typeof parameters.maxLength === "number"
        ? parameters.maxLength
        : 0,
  };
}
