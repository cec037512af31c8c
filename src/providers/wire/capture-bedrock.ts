import type { StructuredToolInterface } from "@langchain/core/tools";
import { parseBody, type RecordedRequest } from "./fake-endpoint.js";
import { loadProviderPackage } from "./load-provider-package.js";
import { PROVIDER_REPLIES } from "./provider-replies.js";
import { type SentOnce, sendOnce } from "./send-once.js";

type AwsPackage = typeof import("@langchain/aws");
type BedrockClientOptions = NonNullable<
  NonNullable<ConstructorParameters<AwsPackage["ChatBedrockConverse"]>[0]>["clientOptions"]
>;

/** How ChatBedrockConverse is built for a capture. */
export interface BedrockCapture {
  model: string;
  importPackage?: ((name: string) => Promise<unknown>) | undefined;
}

/** The part of a Smithy HTTP request the recorder reads. */
interface SmithyRequest {
  method: string;
  hostname: string;
  path: string;
  body?: unknown;
}

/**
 * The request ChatBedrockConverse (`@langchain/aws`) sends to Bedrock's Converse API for the tools.
 * The AWS SDK client takes a request handler: this one records the signed request and answers it, so
 * no socket is opened (the endpoint is 127.0.0.1 all the same, and the credentials are dummies).
 */
export async function captureBedrock(
  tools: readonly StructuredToolInterface[],
  options: BedrockCapture,
): Promise<SentOnce> {
  const { ChatBedrockConverse } = await loadProviderPackage<AwsPackage>(
    "@langchain/aws",
    options.importPackage,
  );
  const requests: RecordedRequest[] = [];
  const reply = new TextEncoder().encode(JSON.stringify(PROVIDER_REPLIES.bedrock));
  const requestHandler = {
    handle: async (request: SmithyRequest) => {
      requests.push({
        endpoint: `${request.method} ${decodeURIComponent(request.path)}`,
        body: parseBody(bodyText(request.body)),
      });
      return { response: { statusCode: 200, headers: { "content-type": "application/json" }, body: reply } };
    },
  };
  const client = new ChatBedrockConverse({
    model: options.model,
    region: "us-east-1",
    credentials: { accessKeyId: "AKIATOOLDECKCAPTURE", secretAccessKey: "tooldeck-capture" },
    endpointHost: "127.0.0.1:9",
    clientOptions: { requestHandler, maxAttempts: 1 } as BedrockClientOptions,
  });
  return sendOnce(() => client.bindTools([...tools]), requests);
}

/** The AWS SDK hands the body as a string or bytes; bytes read as text without its string-method shim. */
function bodyText(body: unknown): string {
  if (typeof body === "string") return body;
  if (body instanceof Uint8Array) return new TextDecoder().decode(body);
  return "{}";
}
