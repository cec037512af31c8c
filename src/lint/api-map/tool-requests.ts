import type { LoadedTool } from "../../config/tool-config.js";
import type { CallView } from "../../platforms/platform.js";
import { platformToolKind } from "../../platforms/registry.js";

/**
 * The URLs a tool's requests go to, as written (templates): a request tool's or HTTP node's own, or each
 * call a platform's kind makes (a Custom Tool's calls in its code, an n8n node's request). An OpenAPI
 * toolkit is judged by its own spec and has none here.
 */
export function toolRequestUrls(tool: LoadedTool): string[] {
  const { config } = tool;
  if (config.kind === "request" || config.kind === "http") return [config.url];
  return callViewsOf(tool).map((view) => view.config.url);
}

const viewsByConfig = new WeakMap<object, readonly CallView[]>();
const ownerOfView = new WeakMap<object, LoadedTool>();
const NONE: readonly CallView[] = [];

/** The calls a platform's kind makes, seen as request tools; read once per config (lint and the map ask). */
export function callViewsOf(tool: LoadedTool): readonly CallView[] {
  const kind = platformToolKind(tool.config.kind);
  if (!kind?.callViews) return NONE;
  const cached = viewsByConfig.get(tool.config);
  if (cached) return cached;
  const views = kind.callViews(tool.config);
  viewsByConfig.set(tool.config, views);
  for (const view of views) ownerOfView.set(view.config, tool);
  return views;
}

/**
 * The tool a call view (`callViewsOf`) belongs to, for a rule judging the view that needs its platform's
 * own settings (an n8n node's Optimize Response); undefined for a config that is no view.
 */
export function viewOwnerOf(config: object): LoadedTool | undefined {
  return ownerOfView.get(config);
}
