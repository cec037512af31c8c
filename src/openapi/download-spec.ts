import { isInProcessFetch } from "../net/fetch-like.js";
import { nonGlobalAddressOf } from "../net/non-global-host.js";
import { readStreamWithin } from "../net/read-stream-within.js";
import { MAX_FILE_BYTES, ProjectFileError } from "../project-files/read-project-file.js";
import type { ReadPolicy } from "./read-policy.js";

const MAX_REDIRECTS = 5;
const DOWNLOAD_TIMEOUT_MS = 30_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Downloads a spec or `$ref` URL, only with `--allow-remote-refs`, and never from an address that is not
 * globally reachable (private, loopback, link-local, carrier-grade NAT, every cloud's metadata service
 * and the other IANA special-purpose ranges; judged again on every redirect, followed by hand): a
 * description in a pull request must not make CI read its cloud's metadata service. At most 50 MB, 30 s.
 * Throws a `ProjectFileError` whose message is the reason (`is remote; …`), for the caller to prefix.
 */
export async function downloadSpec(url: string, policy: ReadPolicy): Promise<string> {
  if (!policy.allowRemote) {
    throw new ProjectFileError(
      "is remote; remote specs and $refs are off (allow them with --allow-remote-refs)",
    );
  }
  const signal = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
  let current = url;
  for (let hop = 0; ; hop++) {
    await refusePrivate(current, hop, policy);
    const response = await send(current, policy, signal);
    const location = response.headers.get("location");
    if (REDIRECTS.has(response.status) && location !== null) {
      await response.body?.cancel();
      if (hop === MAX_REDIRECTS)
        throw new ProjectFileError(`cannot download (more than ${MAX_REDIRECTS} redirects)`);
      current = new URL(location, current).href;
      continue;
    }
    if (!response.ok) {
      throw new ProjectFileError(`cannot download (HTTP ${response.status} ${response.statusText})`);
    }
    const body = response.body ? await readStreamWithin(response.body, MAX_FILE_BYTES) : Buffer.alloc(0);
    if (!body) throw new ProjectFileError("is larger than 50 MB");
    return body.toString("utf8");
  }
}

async function refusePrivate(url: string, hop: number, policy: ReadPolicy): Promise<void> {
  const { protocol } = new URL(url);
  if (protocol !== "http:" && protocol !== "https:")
    throw new ProjectFileError(`redirects to a ${protocol} URL; only http(s) is downloaded`);
  // The embedded emulators answer in the process: no address to protect.
  if (isInProcessFetch(policy.fetch, url)) return;
  if ((await nonGlobalAddressOf(new URL(url), policy.resolveHost)) !== undefined) {
    const where = hop === 0 ? "is" : `redirects to "${url}", which is`;
    throw new ProjectFileError(
      `${where} a private, loopback or metadata address; specs and $refs are never downloaded from one`,
    );
  }
}

async function send(url: string, policy: ReadPolicy, signal: AbortSignal): Promise<Response> {
  try {
    return await policy.fetch(url, { redirect: "manual", signal });
  } catch (cause) {
    throw new ProjectFileError(`cannot download (${(cause as Error).message})`, { cause });
  }
}
