import { RunEndingFailure } from "../runtime/run-ending-failure.js";
import type { ExecutableTool, ToolResult } from "../runtime/tool-result.js";

/**
 * Where an agent run ends because its platform ends it (a tool whose result `endsRun`, or whose call
 * throws a `RunEndingFailure`): LangChain's tool node would turn a tool's error into a message for the
 * model and ask the model again, so the failure is kept here and the run aborted through `signal`
 * before that next model call; the caller then throws `failure`.
 */
export class RunEnding {
  #failure: RunEndingFailure | undefined;
  readonly #controller = new AbortController();

  /** Aborted when a tool ends the run: give it to the agent's run, with the caller's own signal. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The failure that ended the run, if one did: the agent's own rejection is an abort error. */
  get failure(): RunEndingFailure | undefined {
    return this.#failure;
  }

  /** The tool with its run-ending failures kept here; its results otherwise as they are. */
  watch(tool: ExecutableTool): ExecutableTool {
    return {
      ...tool,
      invoke: async (args, options) => {
        try {
          const result = await tool.invoke(args, options);
          if (result.endsRun) this.#end(new RunEndingFailure(result.error ?? result.output));
          return result;
        } catch (error) {
          if (!(error instanceof RunEndingFailure)) throw error;
          this.#end(error);
          return { ok: false, output: error.message, error: error.message } satisfies ToolResult;
        }
      },
    };
  }

  #end(failure: RunEndingFailure): void {
    this.#failure ??= failure;
    this.#controller.abort(this.#failure);
  }
}
