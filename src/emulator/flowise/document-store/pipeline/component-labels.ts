/**
 * Labels of Flowise 3.1 document loaders and text splitters by node name. Flowise names a loader
 * and splitter after the component's label; an unknown name has no label, so an upsert that names
 * an unknown loader without `loaderName` fails with "Loader not configured", as in Flowise. The names
 * are node names: the text-file loader is `textFile` (`txtFile` is only its file field, and unknown
 * as a loader in Flowise 3.1.4).
 */
const LABELS: Record<string, string> = {
  plainText: "Plain Text",
  textFile: "Text File",
  pdfFile: "Pdf File",
  jsonFile: "Json File",
  jsonlinesFile: "Json Lines File",
  csvFile: "Csv File",
  docxFile: "Docx File",
  fileLoader: "File Loader",
  apiLoader: "API Loader",
  cheerioWebScraper: "Cheerio Web Scraper",
  playwrightWebScraper: "Playwright Web Scraper",
  puppeteerWebScraper: "Puppeteer Web Scraper",
  unstructuredFileLoader: "Unstructured File Loader",
  recursiveCharacterTextSplitter: "Recursive Character Text Splitter",
  characterTextSplitter: "Character Text Splitter",
  markdownTextSplitter: "Markdown Text Splitter",
  codeTextSplitter: "Code Text Splitter",
  tokenTextSplitter: "Token Text Splitter",
  htmlToMarkdownTextSplitter: "HtmlToMarkdown Text Splitter",
};

/** The component label for a node name, or "" when Flowise has no such component. */
export function componentLabel(name: string): string {
  return Object.hasOwn(LABELS, name) ? (LABELS[name] as string) : "";
}
