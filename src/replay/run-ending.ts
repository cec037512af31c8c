import { createMiddleware } from "langchain";
import { RunEndingFailure } from "../runtime/run-ending-failure.js";
import type { ExecutableTool, ToolResult } from "../runtime/tool-result.js";

/**
 * Where an agent run ends because its platform ends it (a tool whose result `endsRun`, or whose call
 * throws a `RunEndingFailure`): LangChain's tool node turns a tool's error into a message for the model
 * and asks the model again, so the failure is kept here and thrown before that next model call, the
 * run's model calls then being the platform's.
 */
export class RunEnding {
  #failure: RunEndingFailure | undefined;

  /** The tool with its run-ending failures kept here; its results otherwise as they are. */
  watch(tool: ExecutableTool): ExecutableTool {
    return {
      ...tool,
      invoke: async (args, options) => {
        try {
          const result = await tool.invoke(args, options);
          if (result.endsRun) this.#failure ??= new RunEndingFailure(result.error ?? result.output);
          return result;
        } catch (error) {
          if (!(error instanceof RunEndingFailure)) throw error;
          this.#failure ??= error;
          return { ok: false, output: error.message, error: error.message } satisfies ToolResult;
        }
      },
    };
  }

  /** The failure that ended the run, if one did: the agent's own rejection may be a copy of it. */
  get failure(): RunEndingFailure | undefined {
    return this.#failure;
  }

  /** The middleware that ends the run before the model is asked again. */
  middleware() {
    // A hook before the model, not a wrapper around it: the model's own errors must reach the caller
    // as they are (`tooldeck agent` tells an unreachable endpoint by the error's class).
    return createMiddleware({
      name: "PlatformRunEnding",
      beforeModel: () => {
        if (this.#failure) throw this.#failure;
      },
    });
  }
}
