import { extname } from "node:path";

/**
 * The loader-config field an uploaded file is put under, from its extension, as Flowise 3.1's
 * `mapExtToInputField` does. Flowise also maps the MIME type, but its upsert then assigns the
 * extension's field in both branches, so in effect only the extension counts; unknown extensions
 * (".md", ".html", none) land in `txtFile`.
 */
export function fileInputField(fileName: string): string {
  switch (extname(fileName)) {
    case ".pdf":
      return "pdfFile";
    case ".json":
      return "jsonFile";
    case ".csv":
    case ".xls":
    case ".xlsx":
      return "csvFile";
    case ".jsonl":
      return "jsonlinesFile";
    case ".docx":
    case ".doc":
      return "docxFile";
    case ".yaml":
      return "yamlFile";
    default:
      return "txtFile";
  }
}
