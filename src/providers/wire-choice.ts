import type { WireToolsOf } from "./default-wire-tools.js";

/**
 * What the provider gate judges (`--wire`, `wire:` in `tooldeck.config.*`): `default`, the schema
 * tooldeck's runtime gives the model with what a client may strip left out (`defaultWireToolsOf`), or
 * `captured`, the request body the platform's LangChain provider class really sends
 * (`createCapturedWireToolsOf`).
 */
export const WIRE_CHOICES = ["default", "captured"] as const;

export type WireChoice = (typeof WIRE_CHOICES)[number];

/**
 * The seam for a choice: none for `default` (the judge's own default), the capture for `captured`,
 * loaded only then (it brings LangChain and the provider packages, which a default lint never needs).
 * @example
 * const wireToolsOf = await wireToolsOfChoice("captured", (note) => console.error(`note: ${note}`));
 */
export async function wireToolsOfChoice(
  choice: WireChoice | undefined,
  onNote?: (note: string) => void,
): Promise<WireToolsOf | undefined> {
  if (choice !== "captured") return undefined;
  const { createCapturedWireToolsOf } = await import("./wire/captured-wire-tools-of.js");
  return createCapturedWireToolsOf(onNote ? { onNote } : {});
}
