import { readStreamWithin } from "../emulator/read-stream-within.js";
import { ToolDeckError } from "../errors.js";
import { MAX_FILE_BYTES } from "../project-files/read-project-file.js";
import { isPrivateHost } from "../runtime/host-policy.js";
import { isInProcessFetch } from "../runtime/runtime-options.js";
import type { ReadPolicy } from "./spec-location.js";

const MAX_REDIRECTS = 5;
const DOWNLOAD_TIMEOUT_MS = 30_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Downloads a spec or `$ref` URL, only with `--allow-remote-refs`, and never from a private, loopback,
 * link-local or metadata address (judged again on every redirect, followed by hand): a description
 * in a pull request must not make CI read its cloud's metadata service. At most 50 MB, 30 s.
 */
export async function downloadSpec(url: string, label: string, policy: ReadPolicy): Promise<string> {
  if (!policy.allowRemote) {
    throw new ToolDeckError(
      "load",
      `${label}: "${url}" is remote; remote specs and $refs are off (allow them with --allow-remote-refs)`,
    );
  }
  const signal = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
  let current = url;
  for (let hop = 0; ; hop++) {
    await refusePrivate(current, label, policy);
    const response = await send(current, label, policy, signal);
    const location = response.headers.get("location");
    if (REDIRECTS.has(response.status) && location !== null && hop < MAX_REDIRECTS) {
      await response.body?.cancel();
      current = new URL(location, current).href;
      continue;
    }
    if (!response.ok) {
      throw new ToolDeckError(
        "load",
        `${label}: cannot download (HTTP ${response.status} ${response.statusText})`,
      );
    }
    const body = response.body ? await readStreamWithin(response.body, MAX_FILE_BYTES) : Buffer.alloc(0);
    if (!body) throw new ToolDeckError("load", `${label}: cannot download (larger than 50 MB)`);
    return body.toString("utf8");
  }
}

async function refusePrivate(url: string, label: string, policy: ReadPolicy): Promise<void> {
  // The embedded emulators answer in the process: no address to protect.
  if (isInProcessFetch(policy.fetch, url)) return;
  if (await isPrivateHost(new URL(url), policy.resolveHost)) {
    throw new ToolDeckError(
      "load",
      `${label}: "${url}" is a private, loopback or metadata address; specs are never downloaded from one`,
    );
  }
}

async function send(url: string, label: string, policy: ReadPolicy, signal: AbortSignal): Promise<Response> {
  try {
    return await policy.fetch(url, { redirect: "manual", signal });
  } catch (cause) {
    throw new ToolDeckError("load", `${label}: cannot download (${(cause as Error).message})`, { cause });
  }
}
