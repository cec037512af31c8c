import { ToolDeckError } from "../../errors.js";

/** The LangChain provider packages tooldeck loads on demand (optionalDependencies). */
export type ProviderPackage =
  | "@langchain/openai"
  | "@langchain/anthropic"
  | "@langchain/google-genai"
  | "@langchain/aws";

/**
 * A provider package, loaded with `import()` only when a capture needs it: they are optional
 * dependencies, so a missing one is a one-line usage error naming it and how to install it.
 */
export async function loadProviderPackage<T>(
  name: ProviderPackage,
  importPackage: (name: string) => Promise<unknown> = (specifier) => import(specifier),
): Promise<T> {
  try {
    return (await importPackage(name)) as T;
  } catch (error) {
    throw new ToolDeckError(
      "usage",
      `capturing what a provider is sent needs the optional package ${name}, which could not be loaded: npm install ${name}`,
      { cause: error },
    );
  }
}
