/** How many tokens a text costs a model. */
export type TokenCounter = (text: string) => number;

let loading: Promise<TokenCounter> | undefined;

/**
 * OpenAI's o200k_base tokenizer (GPT-4o, GPT-4.1, o-series, GPT-5), loaded on first use and kept: its
 * ranks are megabytes of JavaScript and building the encoder takes about a second, so a lint whose tools
 * cannot reach the budget (`definitionCosts` bounds them by their bytes first) never loads it. For other
 * providers it is an approximation (docs/rules.md#context-budget).
 * @example
 * const count = await loadTokenCounter();
 * count('{"name":"get_weather"}'); // 7
 */
export function loadTokenCounter(): Promise<TokenCounter> {
  loading ??= createCounter();
  return loading;
}

async function createCounter(): Promise<TokenCounter> {
  const [{ Tiktoken }, { default: ranks }] = await Promise.all([
    import("js-tiktoken/lite"),
    import("js-tiktoken/ranks/o200k_base"),
  ]);
  const encoder = new Tiktoken(ranks);
  // Text is counted as plain text: a description holding `<|endoftext|>` is text, not a special token.
  return (text) => encoder.encode(text, [], []).length;
}
